import { useId } from "react";

/** A labelled native select, styled like Field. */
export function SelectField({
  label,
  hideLabel,
  error,
  children,
  ...props
}: React.ComponentProps<"select"> & { label: string; hideLabel?: boolean; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium text-zinc-700 dark:text-zinc-300"}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
        {...props}
      >
        {children}
      </select>
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
