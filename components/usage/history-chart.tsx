"use client";

import dynamic from "next/dynamic";
import type { HistoryDrawingProps } from "./history-drawing";

const HistoryDrawing = dynamic(() => import("./history-drawing"), {
  ssr: false,
  loading: () => <div aria-hidden className="h-full animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />,
});

/**
 * A daily history stacked by agent. The drawing is an image to assistive technology, labelled with a
 * summary; the figures per agent are in the table beside it.
 */
export function HistoryChart({ title, summary, ...drawing }: HistoryDrawingProps & { title: string; summary: string }) {
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{title}</figcaption>
      <div role="img" aria-label={summary} className="h-56 text-zinc-500 dark:text-zinc-400">
        <HistoryDrawing {...drawing} />
      </div>
    </figure>
  );
}
