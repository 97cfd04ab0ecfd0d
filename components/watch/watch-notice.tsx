import { EmbedErrorSignal } from "./embed/embed-error-signal";

/**
 * A full-page message of the watch page (expired or invalid link); an embedding page is told too, unless
 * it is `passing` (the service briefly unavailable: the page tries again by itself).
 */
export function WatchNotice({ title, passing = false, children }: { title: string; passing?: boolean; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      {!passing && <EmbedErrorSignal message={title} />}
      <section className="max-w-md rounded-xl border border-zinc-200 bg-white p-6 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-lg font-semibold">{title}</h1>
        <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      </section>
    </main>
  );
}
