import { cn } from "./cn";

/** A grey placeholder while data loads; screen readers hear the label of the surrounding status region. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("animate-pulse rounded bg-zinc-200 dark:bg-zinc-800", className)} />;
}

export function LoadingRegion({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {children}
    </div>
  );
}

/** A table's placeholder: one grey bar per row inside the card the table will fill. */
export function TableSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <LoadingRegion label={label} className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-7 w-full" />
      ))}
    </LoadingRegion>
  );
}
