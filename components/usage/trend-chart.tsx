"use client";

import dynamic from "next/dynamic";
import { ChartFigure, DrawingPlaceholder } from "./chart-figure";
import type { TrendDrawingProps } from "./trend-drawing";

const TrendDrawing = dynamic(() => import("./trend-drawing"), { ssr: false, loading: DrawingPlaceholder });

/** One series over time; the figures are in the CSV export. */
export function TrendChart({ summary, ...drawing }: TrendDrawingProps & { summary: string }) {
  return (
    <ChartFigure title={drawing.title} summary={summary}>
      <TrendDrawing {...drawing} />
    </ChartFigure>
  );
}
