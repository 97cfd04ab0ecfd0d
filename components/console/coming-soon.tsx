/** A page whose feature is not built yet says what will be there. */
export function ComingSoon({ children }: { children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-zinc-300 bg-white p-8 text-sm text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400">
      {children}
    </section>
  );
}
