"use client";

import { useCallback } from "react";
import uPlot from "uplot";
import type { TrendPoint } from "@/lib/console/usage/snapshots";
import { bottomAxis, chartTheme, COUNT_STEPS, leftAxis, niceTicks } from "./chart-style";
import { tooltipPlugin } from "./chart-tooltip";
import { type ChartSetup, UplotChart } from "./uplot-chart";

/** UTC labels (the console shows UTC everywhere): "08:35" within a day, "11-23" over days. */
function tickLabel(iso: string, withinDay: boolean): string {
  return withinDay ? iso.slice(11, 16) : iso.slice(5, 10);
}

export interface TrendDrawingProps {
  title: string;
  points: TrendPoint[];
  dataKey: "visitorsOnline" | "sessionsNow";
  withinDay: boolean;
  color: string;
}

/**
 * The drawing of one series, points evenly spaced in time order; loaded apart from the page. Once drawn,
 * `data-drawn-points` says how many points the drawing holds, and `data-drawn-as` how they are joined.
 */
export default function TrendDrawing({ title, points, dataKey, withinDay, color }: TrendDrawingProps) {
  const setup = useCallback(
    (box: HTMLElement) => {
      const theme = chartTheme(box);
      const values = points.map((point) => point[dataKey]);
      const ticks = niceTicks(Math.max(0, ...values), COUNT_STEPS);
      // Counts move in whole steps: a smoothed curve would draw values between them that never were.
      const steps = uPlot.paths.stepped!({ align: 1 });
      const label = (index: number) => (points[index] ? tickLabel(points[index].at, withinDay) : "");
      // Over days, a label where each day starts, so no day is named twice.
      const dayStarts = points.flatMap((point, index) => (index > 0 && point.at.slice(0, 10) !== points[index - 1].at.slice(0, 10) ? [index] : []));
      const options: ChartSetup["options"] = {
        padding: [8, 20, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false, setScale: false }, y: false, points: { size: 8, width: 2 } },
        scales: { x: { time: false }, y: { range: [0, ticks[ticks.length - 1]] } },
        axes: [bottomAxis(theme, label, 60, withinDay ? undefined : dayStarts.length ? dayStarts : [0]), leftAxis(theme, ticks, String)],
        series: [{}, { label: title, stroke: theme.color(color), fill: theme.color(color, 0.15), width: 2, paths: steps, points: { show: false } }],
        plugins: [
          tooltipPlugin(
            (index) => ({
              label: `${points[index].at.slice(0, 16).replace("T", " ")} UTC`,
              rows: [{ name: title, value: String(points[index][dataKey]), color }],
            }),
            { shade: false },
          ),
        ],
        hooks: {
          draw: [
            (chart) => Object.assign(box.dataset, { drawnPoints: String(chart.data[1].length), drawnAs: chart.series[1].paths === steps ? "steps" : "lines" }),
          ],
        },
      };
      return { options, data: [points.map((_, index) => index), values] as uPlot.AlignedData };
    },
    [title, points, dataKey, withinDay, color],
  );
  return <UplotChart setup={setup} />;
}
