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
