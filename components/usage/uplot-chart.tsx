"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSetup {
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
}

/**
 * A uPlot chart filling its box: drawn at the box's size, redrawn when the box is resized, and built again
 * when the theme changes, as `setup` reads its colours from the CSS around `box`.
 */
export function UplotChart({ setup }: { setup: (box: HTMLElement) => ChartSetup }) {
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = boxRef.current!;
    let chart: uPlot | undefined;
    const size = () => ({ width: box.clientWidth, height: box.clientHeight });
    const draw = () => {
      chart?.destroy();
      const { options, data } = setup(box);
      chart = new uPlot({ ...options, ...size() }, data, box);
    };
    draw();
    const resizes = new ResizeObserver(() => {
      const { width, height } = size();
      if (chart && (chart.width !== width || chart.height !== height)) chart.setSize({ width, height });
    });
    resizes.observe(box);
    const themeChanges = new MutationObserver(draw);
    themeChanges.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
    return () => {
      resizes.disconnect();
      themeChanges.disconnect();
      chart?.destroy();
    };
  }, [setup]);
  // Absolutely placed, so the drawing never widens the grid column it sits in.
  return (
    <div className="relative h-full">
      <div ref={boxRef} className="absolute inset-0" />
    </div>
  );
}
