/** The help queue's box and heading: shared by the panel and the placeholder shown while its code loads. */
export function HelpQueueFrame({ title, actions, children }: { title: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="help-queue-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50/60 p-4 dark:border-amber-700/60 dark:bg-amber-950/20"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="help-queue-title" className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function HelpQueueLoadingText() {
  return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the help queue…</p>;
}

/** What the panel shows before the queue's first answer, so its arrival moves nothing on the page. */
export function HelpQueueLoading() {
  return (
    <HelpQueueFrame title="Asking for help">
      <HelpQueueLoadingText />
    </HelpQueueFrame>
  );
}
