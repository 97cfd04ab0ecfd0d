"use client";

import { useEffect, useState, type RefObject } from "react";
import type { Size } from "./use-replayer";

/** Below the mirror: room kept under it in the window (px). */
const BOTTOM_MARGIN = 16;

/**
 * The scale that fits the visitor's viewport in `container`'s width and in the window's height below
 * it, never above 1; it follows the container's and the window's resizes. Unless `fitting` (the agent chose
 * the page's actual size): 1.
 */
export function useFitScale(container: RefObject<HTMLElement | null>, size: Size | null, fitting = true): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const box = container.current;
    if (!box || !size) return;
    const fit = () =>
      setScale(fitting ? Math.min(1, box.clientWidth / size.width, (window.innerHeight - box.getBoundingClientRect().top - BOTTOM_MARGIN) / size.height) : 1);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    window.addEventListener("resize", fit);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fit);
    };
  }, [container, size, fitting]);
  return scale;
}
