import { describe, expect, it } from "vitest";
import type { ControlMessage } from "@/lib/contract";
import { createOutbox } from "./outbox";

/** A delivery the test settles by hand: what was handed over, and the way to settle the oldest one. */
function deliveries() {
  const delivered: ControlMessage[] = [];
  const settles: Array<() => void> = [];
  const deliver = (message: ControlMessage) => {
    delivered.push(message);
    return new Promise<void>((resolve) => settles.push(resolve));
  };
  const settle = async () => {
    settles.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { delivered, deliver, settle };
}

describe("the agent's outbox", () => {
  it("delivers one message at a time, in order", async () => {
    const { delivered, deliver, settle } = deliveries();
    const send = createOutbox(deliver);
    send({ tool: "pointer", x: 1, y: 1 });
    send({ tool: "click", id: 4 });
    expect(delivered).toEqual([{ tool: "pointer", x: 1, y: 1 }]);
    await settle();
    expect(delivered).toEqual([
      { tool: "pointer", x: 1, y: 1 },
      { tool: "click", id: 4 },
    ]);
  });

  it("joins the characters typed while a message is on its way into one message", async () => {
    const { delivered, deliver, settle } = deliveries();
    const send = createOutbox(deliver);
    send({ tool: "type", text: "h" });
    for (const character of "ello") send({ tool: "type", text: character });
    await settle();
    expect(delivered).toEqual([
      { tool: "type", text: "h" },
      { tool: "type", text: "ello" },
    ]);
  });

  it("keeps a paste, a key between characters and the contract's length as boundaries", async () => {
    const { delivered, deliver, settle } = deliveries();
    const send = createOutbox(deliver);
    send({ tool: "click", id: 1 });
    send({ tool: "type", text: "a" });
    send({ tool: "type", text: "pasted", paste: true });
    send({ tool: "type", text: "b" });
    send({ tool: "key", key: "Enter" });
    send({ tool: "type", text: "x".repeat(999) });
    send({ tool: "type", text: "y" });
    send({ tool: "type", text: "z" });
    for (let index = 0; index < 6; index++) await settle();
    expect(delivered).toEqual([
      { tool: "click", id: 1 },
      { tool: "type", text: "a" },
      { tool: "type", text: "pasted", paste: true },
      { tool: "type", text: "b" },
      { tool: "key", key: "Enter" },
      { tool: "type", text: "x".repeat(999) + "y" },
      { tool: "type", text: "z" },
    ]);
  });

  it("goes on with a delivery that returns no promise", async () => {
    const delivered: ControlMessage[] = [];
    const send = createOutbox((message) => void delivered.push(message));
    send({ tool: "reload" });
    send({ tool: "clear" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(delivered).toEqual([{ tool: "reload" }, { tool: "clear" }]);
  });
});
