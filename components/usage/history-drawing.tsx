"use client";

import { useCallback } from "react";
import uPlot from "uplot";
import { formatDuration } from "@/lib/console/usage/format";
import { bottomAxis, chartTheme, COUNT_STEPS, HOUR_STEPS, leftAxis, niceTicks } from "./chart-style";
import { tooltipPlugin } from "./chart-tooltip";
import { type ChartSetup, UplotChart } from "./uplot-chart";

export interface HistorySeries {
  key: string;
  name: string;
  color: string;
}

export interface HistoryDrawingProps {
  /** One row per UTC day: `day` and each series' value (a count, or seconds). */
  rows: Array<Record<string, string | number>>;
  series: HistorySeries[];
  unit: "sessions" | "seconds";
}

const hoursTick = (seconds: number) => (seconds === 0 ? "0" : `${Math.round((seconds / 3600) * 10) / 10} h`);

/**
 * The drawing of a daily history, one bar per UTC day stacked by series; loaded apart from the page. Once
 * drawn, `data-drawn-days`, `data-drawn-series` and `data-drawn-bars` (the stacked parts actually drawn,
 * days with nothing have none) say what it holds.
 */
export default function HistoryDrawing({ rows, series, unit }: HistoryDrawingProps) {
  const setup = useCallback(
    (box: HTMLElement) => {
      const theme = chartTheme(box);
      const format = unit === "seconds" ? formatDuration : (value: number) => value.toLocaleString("en-US");
      const valueOf = (row: Record<string, string | number>, key: string) => Number(row[key] ?? 0);
      // Each series is drawn from the top of the ones below it to its own top.
      const bases: number[][] = [];
      const tops: number[][] = [];
      series.forEach((entry, s) => {
        bases.push(s === 0 ? rows.map(() => 0) : tops[s - 1]);
        tops.push(rows.map((row, day) => bases[s][day] + valueOf(row, entry.key)));
      });
      const totals = tops.length ? tops[tops.length - 1] : rows.map(() => 0);
      const ticks = niceTicks(Math.max(0, ...totals), unit === "seconds" ? HOUR_STEPS : COUNT_STEPS);

      const drawnBars = new Map<number, number>();
      const bars = uPlot.paths.bars!({
        size: [0.8, Infinity],
        disp: {
          y0: { unit: 1, values: (_chart, s) => bases[s - 1] },
          y1: { unit: 1, values: (_chart, s) => tops[s - 1] },
        },
        each: (_chart, s) => drawnBars.set(s, (drawnBars.get(s) ?? 0) + 1),
      });
      const options: ChartSetup["options"] = {
        padding: [8, 12, 0, 0],
        legend: { show: false },
        cursor: { drag: { x: false, y: false, setScale: false }, x: false, y: false, points: { show: false } },
        scales: { x: { time: false, range: [-0.5, rows.length - 0.5] }, y: { range: [0, ticks[ticks.length - 1]] } },
        axes: [bottomAxis(theme, (index) => String(rows[index]?.day ?? "").slice(5), 50), leftAxis(theme, ticks, unit === "seconds" ? hoursTick : String)],
        series: [
          {},
          ...series.map((entry) => ({
            label: entry.name,
            fill: entry.color,
            width: 0,
            points: { show: false },
            // The path is built again on each resize: count the bars of this build only.
            paths: (chart: uPlot, s: number, from: number, to: number) => {
              drawnBars.set(s, 0);
              return bars(chart, s, from, to);
            },
          })),
        ],
        plugins: [
          tooltipPlugin(
            (index) => ({
              label: `${String(rows[index].day)} (UTC)`,
              rows: series.map((entry) => ({ name: entry.name, value: format(valueOf(rows[index], entry.key)), color: entry.color })),
            }),
            { shade: true },
          ),
        ],
        hooks: {
          draw: [
            (chart) => {
              box.dataset.drawnDays = String(chart.data[0].length);
              box.dataset.drawnSeries = String(chart.series.length - 1);
              box.dataset.drawnBars = String([...drawnBars.values()].reduce((sum, count) => sum + count, 0));
            },
          ],
        },
      };
      return { options, data: [rows.map((_, index) => index), ...tops] as uPlot.AlignedData };
    },
    [rows, series, unit],
  );
  return <UplotChart setup={setup} />;
}
