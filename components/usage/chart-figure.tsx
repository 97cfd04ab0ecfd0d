/**
 * A chart in its card. The drawing is an image to assistive technology, labelled with a summary of what
 * it shows (the exact figures are in a table beside it or in the CSV export).
 */
export function ChartFigure({ title, summary, children }: { title: string; summary: string; children: React.ReactNode }) {
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{title}</figcaption>
      <div role="img" aria-label={summary} className="h-56 text-zinc-500 dark:text-zinc-400">
        {children}
      </div>
    </figure>
  );
}

/** Two charts side by side on wide screens. */
export function ChartPair({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-4 lg:grid-cols-2">{children}</div>;
}

/** Two charts' places while they load. */
export function ChartPairSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 lg:grid-cols-2">
      <div aria-hidden className="h-[290px] animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" />
      <div aria-hidden className="h-[290px] animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

/** What a drawing shows while its code loads. */
export function DrawingPlaceholder() {
  return <div aria-hidden className="h-full animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />;
}
