import type { ComponentProps } from "react";

type VisitorsGetFormProps = Omit<ComponentProps<"form">, "action" | "method" | "onSubmit"> & {
  /** Given, the live list handles submitting in place; left out, the form loads /visitors with its fields as the query. */
  onSubmit?: () => void;
};

/** A GET form of /visitors: it works before any script has loaded, since the URL is the list's state. */
export function VisitorsGetForm({ onSubmit, ...props }: VisitorsGetFormProps) {
  return (
    <form
      {...props}
      action="/visitors"
      method="get"
      onSubmit={
        onSubmit &&
        ((event) => {
          event.preventDefault();
          onSubmit();
        })
      }
    />
  );
}
