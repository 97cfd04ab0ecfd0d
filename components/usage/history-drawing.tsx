"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDuration } from "@/lib/console/usage/format";

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

/** The recharts drawing of a daily history stacked by agent; loaded apart from the page, as it is most of its script. */
export default function HistoryDrawing({ rows, series, unit }: HistoryDrawingProps) {
  const format = unit === "seconds" ? formatDuration : (value: number) => value.toLocaleString("en-US");
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} stroke="currentColor" fontSize={12} minTickGap={16} />
        <YAxis allowDecimals={false} tickFormatter={unit === "seconds" ? hoursTick : undefined} stroke="currentColor" fontSize={12} />
        <Tooltip
          labelFormatter={(day) => `${String(day)} (UTC)`}
          formatter={(value, name) => [format(Number(value)), name]}
          contentStyle={{ fontSize: 12 }}
          cursor={{ fillOpacity: 0.1 }}
        />
        {series.map((entry) => (
          <Bar key={entry.key} dataKey={entry.key} name={entry.name} stackId="agents" fill={entry.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
