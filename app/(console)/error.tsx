"use client";

import { Button } from "@/components/ui/button";

export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section role="alert" className="max-w-xl rounded-xl border border-red-200 bg-white p-6 dark:border-red-900 dark:bg-zinc-900">
      <h2 className="text-lg font-semibold">Something went wrong on this page</h2>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Tandem could not load it. The rest of the console still works; try again, and if it keeps failing, quote this reference to your admin
        {error.digest ? (
          <>
            : <code>{error.digest}</code>
          </>
        ) : null}
        .
      </p>
      <Button className="mt-4" onClick={reset}>
        Try again
      </Button>
    </section>
  );
}
