"use client";

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TrendPoint } from "@/lib/console/usage/snapshots";

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

/** The recharts drawing of one series; loaded apart from the page, as it is most of the page's script. */
export default function TrendDrawing({ title, points, dataKey, withinDay, color }: TrendDrawingProps) {
  return (
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
  );
}
