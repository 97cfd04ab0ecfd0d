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
