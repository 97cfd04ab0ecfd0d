export default function Loading() {
  return (
    <div role="status" aria-label="Loading" className="animate-pulse space-y-4">
      <div className="h-8 w-48 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-80 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-48 rounded-xl bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
