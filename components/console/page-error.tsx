"use client";

import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";

export interface PageErrorProps {
  error: Error & { digest?: string };
  /** Next's `retry`: fetches the segment from the server again, where `reset` would re-show the failed render. */
  retry: () => void;
  back: { href: string; label: string };
}

/** What a console segment shows when it failed: a reference for the admin, a retry and a way back. */
export function PageError({ error, retry, back }: PageErrorProps) {
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
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={retry}>Try again</Button>
        <Link href={back.href} className={buttonClass("secondary")}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}
