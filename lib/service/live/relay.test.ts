import { describe, expect, it } from "vitest";
import type { AgentMessage, RecordedEvent } from "./messages";
import { InProcessRelay, MAX_TAIL_EVENTS } from "./relay";

const meta = (t: number): RecordedEvent => ({ type: 4, timestamp: t, data: { href: "https://shop.example.com/", width: 1280, height: 800 } });
const full = (t: number): RecordedEvent => ({ type: 2, timestamp: t, data: { node: {} } });
const change = (t: number): RecordedEvent => ({ type: 3, timestamp: t, data: { source: 0 } });

function listen(relay: InProcessRelay, sessionId = "s_1") {
  const received: AgentMessage[] = [];
  const stop = relay.subscribeSession(sessionId, (message) => received.push(message));
  return { received, stop };
}

describe("InProcessRelay", () => {
  it("forwards batches to agents in order, and marks the first snapshot", () => {
    const relay = new InProcessRelay();
    const agent = listen(relay);
    expect(relay.publishEvents("s_1", { seq: 1, events: [meta(1), full(2)] })).toEqual({ accepted: true, wantSnapshot: false, firstSnapshot: true });
    expect(relay.publishEvents("s_1", { seq: 2, events: [change(3)] })).toEqual({ accepted: true, wantSnapshot: false, firstSnapshot: false });
    expect(agent.received).toEqual([
      { type: "events", seq: 1, reset: true, events: [meta(1), full(2)] },
      { type: "events", seq: 2, reset: false, events: [change(3)] },
    ]);
    expect(relay.hasSnapshot("s_1")).toBe(true);
  });

  it("gives a late joiner the latest snapshot and every event after it, at once", () => {
    const relay = new InProcessRelay();
    relay.publishEvents("s_1", { seq: 1, events: [meta(1), full(2), change(3)] });
    relay.publishEvents("s_1", { seq: 2, events: [change(4)] });
    // A newer snapshot replaces what came before it.
    relay.publishEvents("s_1", { seq: 3, events: [change(5), meta(6), full(7)] });
    relay.publishEvents("s_1", { seq: 4, events: [change(8)] });
    const late = listen(relay);
    expect(late.received).toEqual([{ type: "events", seq: 4, reset: true, events: [meta(6), full(7), change(8)] }]);
    relay.publishEvents("s_1", { seq: 5, events: [change(9)] });
    expect(late.received.at(-1)).toEqual({ type: "events", seq: 5, reset: false, events: [change(9)] });
  });

  it("drops a batch that does not follow the previous one and asks for a snapshot, until one arrives", () => {
    const relay = new InProcessRelay();
    const agent = listen(relay);
    relay.publishEvents("s_1", { seq: 1, events: [meta(1), full(2)] });
    expect(relay.publishEvents("s_1", { seq: 3, events: [change(4)] })).toEqual({ accepted: false, wantSnapshot: true, firstSnapshot: false });
    expect(relay.publishEvents("s_1", { seq: 4, events: [change(5)] }).accepted).toBe(false);
    expect(relay.publishEvents("s_1", { seq: 5, events: [meta(6), full(7)] })).toMatchObject({ accepted: true, wantSnapshot: false });
    expect(relay.publishEvents("s_1", { seq: 6, events: [change(8)] }).accepted).toBe(true);
    expect(agent.received.map((message) => message.type === "events" && message.events.map((event) => event.timestamp))).toEqual([[1, 2], [6, 7], [8]]);
  });

  it("refuses increments before any snapshot (a page reload starts again with one)", () => {
    const relay = new InProcessRelay();
    expect(relay.publishEvents("s_1", { seq: 1, events: [change(1)] })).toMatchObject({ accepted: false, wantSnapshot: true });
    relay.publishEvents("s_1", { seq: 7, events: [meta(2), full(3)] });
    // The reloaded page numbers its batches from 1 again, starting with a snapshot.
    expect(relay.publishEvents("s_1", { seq: 1, events: [meta(4), full(5)] }).accepted).toBe(true);
    expect(relay.publishEvents("s_1", { seq: 2, events: [change(6)] }).accepted).toBe(true);
  });

  it("asks for a fresh snapshot when the stored tail grows long", () => {
    const relay = new InProcessRelay();
    relay.publishEvents("s_1", { seq: 1, events: [meta(1), full(2)] });
    const many = Array.from({ length: MAX_TAIL_EVENTS }, (_, index) => change(3 + index));
    expect(relay.publishEvents("s_1", { seq: 2, events: many }).wantSnapshot).toBe(true);
  });

  it("keeps sessions and visitors apart, and forgets an ended session", () => {
    const relay = new InProcessRelay();
    const one = listen(relay, "s_1");
    const two = listen(relay, "s_2");
    relay.publishEvents("s_1", { seq: 1, events: [meta(1), full(2)] });
    relay.publishToSession("s_2", { type: "ended", reason: "agent" });
    expect(one.received).toHaveLength(1);
    expect(two.received).toEqual([{ type: "ended", reason: "agent" }]);

    const toVisitor: unknown[] = [];
    expect(relay.visitorConnected("V1")).toBe(false);
    const stop = relay.subscribeVisitor("V1", (message) => toVisitor.push(message));
    expect(relay.visitorConnected("V1")).toBe(true);
    relay.publishToVisitor("V1", { type: "snapshot", sessionId: "s_1" });
    relay.publishToVisitor("V2", { type: "snapshot", sessionId: "s_9" });
    expect(toVisitor).toEqual([{ type: "snapshot", sessionId: "s_1" }]);
    stop();
    expect(relay.visitorConnected("V1")).toBe(false);

    one.stop();
    relay.publishEvents("s_1", { seq: 2, events: [change(3)] });
    expect(one.received).toHaveLength(1);
    relay.forgetSession("s_1");
    expect(relay.hasSnapshot("s_1")).toBe(false);
  });
});
