import { cn } from "./cn";

/**
 * Table primitives: a scrollable frame and consistent cell styles. The frame is positioned, so visually
 * hidden text in a wide table scrolls with it instead of widening the page.
 */
export function TableFrame({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("relative overflow-x-auto rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900", className)} {...props} />
  );
}

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return <table className={cn("w-full border-collapse text-left text-sm", className)} {...props} />;
}

export function Th({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "border-b border-zinc-200 px-3 py-2 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:text-zinc-400",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("border-b border-zinc-100 px-3 py-2 align-top dark:border-zinc-800/60", className)} {...props} />;
}

/** A column's header: its name, or its name and the cells' alignment; "" is a column of actions. */
export type Column = string | { label: string; className: string };

/**
 * A framed table of plain rows under one row of headers, named for assistive technology by its caption.
 * A column of actions has no visible header: screen readers hear "Actions". The frame takes focus, so the
 * keyboard scrolls a table wider than a phone even when no cell holds a link or a button (a group, not a
 * region: the section around a table is often the landmark of the same name).
 */
export function HeadedTable({ caption, columns, children }: { caption: string; columns: Column[]; children: React.ReactNode }) {
  return (
    <TableFrame tabIndex={0} role="group" aria-label={caption}>
      <Table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => {
              const { label, className } = typeof column === "string" ? { label: column, className: undefined } : column;
              return (
                <Th key={index} className={className}>
                  {label || <span className="sr-only">Actions</span>}
                </Th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableFrame>
  );
}
