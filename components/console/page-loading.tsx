/**
 * A console page's placeholder while it loads. Only pages with no pages below them use it (their own
 * loading.tsx): a loading state above a page that may not exist would send its 200 before the page
 * could answer 404.
 */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading" className="animate-pulse space-y-4">
      <div className="h-8 w-48 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-80 max-w-full rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-48 rounded-xl bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
