"use client";

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TrendPoint } from "@/lib/console/usage/snapshots";

/** UTC labels (the console shows UTC everywhere): "08:35" within a day, "11-23" over days. */
function tickLabel(iso: string, withinDay: boolean): string {
  return withinDay ? iso.slice(11, 16) : iso.slice(5, 10);
}

/**
 * One series over time. The drawing is an image to assistive technology, labelled with a summary of
 * the series (the exact figures are in the CSV export).
 */
export function TrendChart({
  title,
  points,
  dataKey,
  summary,
  withinDay,
  color,
}: {
  title: string;
  points: TrendPoint[];
  dataKey: "visitorsOnline" | "sessionsNow";
  summary: string;
  withinDay: boolean;
  color: string;
}) {
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{title}</figcaption>
      <div role="img" aria-label={summary} className="h-56 text-zinc-500 dark:text-zinc-400">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} vertical={false} />
            <XAxis dataKey="at" tickFormatter={(value: string) => tickLabel(value, withinDay)} stroke="currentColor" fontSize={12} minTickGap={24} />
            <YAxis allowDecimals={false} stroke="currentColor" fontSize={12} />
            <Tooltip
              labelFormatter={(value) => `${String(value).slice(0, 16).replace("T", " ")} UTC`}
              formatter={(value) => [value, title]}
              contentStyle={{ fontSize: 12 }}
            />
            <Area type="monotone" dataKey={dataKey} stroke={color} fill={color} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
