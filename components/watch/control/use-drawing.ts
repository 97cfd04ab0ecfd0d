"use client";

import { useState } from "react";
import type { ControlMessage } from "@/lib/contract";
import { createStroke } from "./gestures";
import type { Point } from "./input-messages";

/** A stroke as drawn over the mirror: its points in the visitor's pixels. */
export type Stroke = [number, number][];

/** The agent's drawing: the strokes shown over the mirror, and each stroke sent to the visitor's page in pieces. */
export function useDrawing(send: (message: ControlMessage) => void) {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [stroke] = useState(() => createStroke(send));
  return {
    strokes,
    start(point: Point) {
      stroke.start(point);
      setStrokes((current) => [...current, [[point.x, point.y]]]);
    },
    extend(point: Point) {
      if (stroke.extend(point)) setStrokes((all) => [...all.slice(0, -1), [...(all.at(-1) ?? []), [point.x, point.y]]]);
    },
    end: () => stroke.end(),
    /** Removes the drawings shown here (the caller tells the visitor's page). */
    clear: () => setStrokes([]),
  };
}
