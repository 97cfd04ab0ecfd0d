import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ControlMessage } from "@/lib/contract";
import { createDrag, createMoves, createStroke, DRAG_EVERY_MS, POINTER_EVERY_MS, STROKE_FLUSH_MS } from "./gestures";

let sent: ControlMessage[];
const send = (message: ControlMessage) => void sent.push(message);

beforeEach(() => {
  sent = [];
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the mouse's moves", () => {
  it("sends the first move at once, then at most one per interval, and always where the mouse stopped", () => {
    const moves = createMoves(send);
    moves.move({ tool: "pointer", x: 1, y: 1 });
    expect(sent).toEqual([{ tool: "pointer", x: 1, y: 1 }]);
    moves.move({ tool: "pointer", x: 2, y: 2 });
    moves.move({ tool: "pointer", x: 3, y: 3 });
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(POINTER_EVERY_MS);
    expect(sent).toEqual([
      { tool: "pointer", x: 1, y: 1 },
      { tool: "pointer", x: 3, y: 3 },
    ]);
    vi.advanceTimersByTime(POINTER_EVERY_MS * 10);
    expect(sent).toHaveLength(2);
  });

  it("sends the move still waiting when asked (before a press), and nothing more when its time comes", () => {
    const moves = createMoves(send);
    moves.move({ tool: "hover", x: 1, y: 1 });
    moves.move({ tool: "hover", x: 5, y: 5 });
    moves.flush();
    expect(sent).toEqual([
      { tool: "hover", x: 1, y: 1 },
      { tool: "hover", x: 5, y: 5 },
    ]);
    moves.flush();
    vi.advanceTimersByTime(POINTER_EVERY_MS);
    expect(sent).toHaveLength(2);
  });
});

describe("a press with the mouse", () => {
  it("stays a click until the mouse moves past the threshold on the watch page's scale", () => {
    const drag = createDrag(send);
    drag.press({ x: 100, y: 100 });
    expect(drag.move({ x: 103, y: 100 }, 1)).toBe(true);
    // Three of the visitor's pixels are six of the watch page's at scale 2: a drag.
    expect(sent).toEqual([]);
    expect(drag.release({ x: 103, y: 100 })).toBe(false);
    expect(sent).toEqual([]);

    drag.press({ x: 100, y: 100 });
    drag.move({ x: 103, y: 100 }, 2);
    expect(sent).toEqual([
      { tool: "drag", phase: "start", x: 100, y: 100 },
      { tool: "drag", phase: "move", x: 103, y: 100 },
    ]);
  });

  it("becomes a drag from where it was pressed, with moves at most one per interval, ended where the mouse is released", () => {
    const drag = createDrag(send);
    drag.press({ x: 10, y: 10 });
    drag.move({ x: 30, y: 10 }, 1);
    drag.move({ x: 40, y: 10 }, 1);
    vi.advanceTimersByTime(DRAG_EVERY_MS);
    drag.move({ x: 50, y: 10 }, 1);
    expect(drag.release({ x: 55, y: 12 })).toBe(true);
    expect(sent).toEqual([
      { tool: "drag", phase: "start", x: 10, y: 10 },
      { tool: "drag", phase: "move", x: 30, y: 10 },
      { tool: "drag", phase: "move", x: 50, y: 10 },
      { tool: "drag", phase: "end", x: 55, y: 12 },
    ]);
  });

  it("leaves moves without a press to the pointer", () => {
    const drag = createDrag(send);
    expect(drag.move({ x: 30, y: 10 }, 1)).toBe(false);
    expect(drag.release({ x: 30, y: 10 })).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe("a stroke drawn", () => {
  it("is sent in pieces that join up, and its last piece when the mouse is released", () => {
    const stroke = createStroke(send);
    stroke.start({ x: 0, y: 0 });
    stroke.extend({ x: 1, y: 1 });
    stroke.extend({ x: 2, y: 2 });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(STROKE_FLUSH_MS);
    stroke.extend({ x: 3, y: 3 });
    stroke.end();
    expect(sent).toEqual([
      { tool: "draw", points: [[0, 0], [1, 1], [2, 2]] }, // prettier-ignore
      { tool: "draw", points: [[2, 2], [3, 3]] }, // prettier-ignore
    ]);
    vi.advanceTimersByTime(STROKE_FLUSH_MS);
    expect(sent).toHaveLength(2);
  });

  it("sends nothing for a press without a move, and no point of a move after the stroke ended", () => {
    const stroke = createStroke(send);
    stroke.start({ x: 0, y: 0 });
    stroke.end();
    expect(stroke.extend({ x: 1, y: 1 })).toBe(false);
    vi.advanceTimersByTime(STROKE_FLUSH_MS);
    expect(sent).toEqual([]);
  });
});
