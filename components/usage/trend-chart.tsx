"use client";

import dynamic from "next/dynamic";
import type { TrendDrawingProps } from "./trend-drawing";

const TrendDrawing = dynamic(() => import("./trend-drawing"), {
  ssr: false,
  loading: () => <div aria-hidden className="h-full animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />,
});

/**
 * One series over time. The drawing is an image to assistive technology, labelled with a summary of
 * the series (the exact figures are in the CSV export).
 */
export function TrendChart({ summary, ...drawing }: TrendDrawingProps & { summary: string }) {
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{drawing.title}</figcaption>
      <div role="img" aria-label={summary} className="h-56 text-zinc-500 dark:text-zinc-400">
        <TrendDrawing {...drawing} />
      </div>
    </figure>
  );
}
