import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ControlMessage } from "@/lib/contract";
import { createControlQueue, oneKeyPressEach } from "./control-queue";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("the agent's input, one key press per task", () => {
  it("splits typed text into characters, and leaves a paste or a composition whole", () => {
    expect(oneKeyPressEach({ tool: "type", text: "ab\r\nc" }).map((message) => (message as { text: string }).text)).toEqual(["a", "b", "\n", "c"]);
    expect(oneKeyPressEach({ tool: "type", text: "ab", paste: true })).toHaveLength(1);
    expect(oneKeyPressEach({ tool: "type", text: "日本", composition: true })).toHaveLength(1);
    expect(oneKeyPressEach({ tool: "key", key: "Enter" })).toHaveLength(1);
  });

  it("plays the first at once, each further character in a task of its own, and what follows after the last", () => {
    const played: string[] = [];
    const queue = createControlQueue((message) => played.push(message.tool === "type" ? message.text : message.tool));
    queue.add({ tool: "type", text: "abc" });
    queue.add({ tool: "key", key: "Enter" });
    expect(played).toEqual(["a"]);
    vi.advanceTimersToNextTimer();
    expect(played).toEqual(["a", "b"]);
    vi.runAllTimers();
    expect(played).toEqual(["a", "b", "c", "key"]);
    queue.add({ tool: "click", id: 1 } as ControlMessage);
    expect(played.at(-1)).toBe("click");
  });

  it("goes on after a message that failed, and drops what waits when stopped", () => {
    const played: string[] = [];
    const queue = createControlQueue((message) => {
      if (message.tool === "type" && message.text === "a") throw new Error("the page threw");
      played.push(message.tool === "type" ? message.text : message.tool);
    });
    expect(() => queue.add({ tool: "type", text: "abc" })).toThrow("the page threw");
    vi.advanceTimersToNextTimer();
    expect(played).toEqual(["b"]);
    queue.stop();
    vi.runAllTimers();
    expect(played).toEqual(["b"]);
  });
});
