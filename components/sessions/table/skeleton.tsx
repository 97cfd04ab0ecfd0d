import { Skeleton } from "@/components/ui/skeleton";

export function SessionsTableSkeleton() {
  return (
    <div role="status" aria-label="Loading sessions" className="mt-8 space-y-3">
      <Skeleton className="h-6 w-32" />
      <div className="flex gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-36" />
        ))}
      </div>
      <div className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </div>
  );
}
