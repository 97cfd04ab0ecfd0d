"use client";

import dynamic from "next/dynamic";
import { ChartFigure, DrawingPlaceholder } from "./chart-figure";
import type { HistoryDrawingProps } from "./history-drawing";

const HistoryDrawing = dynamic(() => import("./history-drawing"), { ssr: false, loading: DrawingPlaceholder });

/** A daily history stacked by agent; the figures per agent are in the table beside it. */
export function HistoryChart({ title, summary, ...drawing }: HistoryDrawingProps & { title: string; summary: string }) {
  return (
    <ChartFigure title={title} summary={summary}>
      <HistoryDrawing {...drawing} />
    </ChartFigure>
  );
}
