import { expect, it } from "vitest";
import type { AgentMessage, RecordedEvent, VisitorMessage } from "@/lib/contract";
import { messageJson } from "../core/message-json";
import { MAX_TAIL_EVENTS, TAIL_BOUND, type LiveRelay } from "./relay";

/** What every LiveRelay must do, run against each implementation (relay.test.ts, relay.redis.test.ts). */

export const meta = (t: number): RecordedEvent => ({ type: 4, timestamp: t, data: { href: "https://shop.example.com/", width: 1280, height: 800 } });
export const full = (t: number): RecordedEvent => ({ type: 2, timestamp: t, data: { node: {} } });
export const change = (t: number): RecordedEvent => ({ type: 3, timestamp: t, data: { source: 0 } });
/** An incremental event carrying `bytes` of text (e.g. a huge text node the page added). */
const bulky = (t: number, bytes: number): RecordedEvent => ({ type: 3, timestamp: t, data: { source: 0, texts: [{ id: 1, value: "x".repeat(bytes) }] } });

let counter = 0;
/** Fresh ids per test: a Redis relay's state outlives one test. */
export const freshId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function listen(relay: LiveRelay, sessionId: string) {
  const received: AgentMessage[] = [];
  const stop = await relay.subscribeSession(sessionId, (message) => received.push(message));
  return { received, stop };
}

const timestamps = (messages: AgentMessage[]) => messages.map((message) => message.type === "events" && message.events.map((event) => event.timestamp));

export function relayContract(makeRelay: () => LiveRelay) {
  it("forwards batches to agents in order, and marks the first snapshot", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    const agent = await listen(relay, id);
    expect(await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] })).toEqual({
      accepted: true,
      wantSnapshot: false,
      firstSnapshot: true,
      snapshotRequired: false,
    });
    expect(await relay.publishEvents(id, { seq: 2, events: [change(3)] })).toEqual({
      accepted: true,
      wantSnapshot: false,
      firstSnapshot: false,
      snapshotRequired: false,
    });
    await expect
      .poll(() => agent.received)
      .toEqual([
        { type: "events", seq: 1, reset: true, events: [meta(1), full(2)] },
        { type: "events", seq: 2, reset: false, events: [change(3)] },
      ]);
    expect(await relay.hasSnapshot(id)).toBe(true);
    agent.stop();
  });

  it("hands each batch on with its JSON: the viewers' streams write it without serializing the batch again", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    const agent = await listen(relay, id);
    let serializations = 0;
    const counted: RecordedEvent = { type: 3, timestamp: 3, data: { source: 0, toJSON: () => (serializations++, { source: 0 }) } };
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] });
    await relay.publishEvents(id, { seq: 2, events: [counted] });
    await expect.poll(() => agent.received.length).toBe(2);
    expect(agent.received.map((message) => JSON.parse(messageJson(message)))).toEqual([
      { type: "events", seq: 1, reset: true, events: [meta(1), full(2)] },
      { type: "events", seq: 2, reset: false, events: [{ type: 3, timestamp: 3, data: { source: 0 } }] },
    ]);
    expect(serializations).toBe(1); // the relay's own, which measures the batch
    agent.stop();
  });

  it("gives a late joiner the latest snapshot and every event after it, at once", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2), change(3)] });
    await relay.publishEvents(id, { seq: 2, events: [change(4)] });
    // A newer snapshot replaces what came before it.
    await relay.publishEvents(id, { seq: 3, events: [change(5), meta(6), full(7)] });
    await relay.publishEvents(id, { seq: 4, events: [change(8)] });
    const late = await listen(relay, id);
    expect(late.received).toEqual([{ type: "events", seq: 4, reset: true, events: [meta(6), full(7), change(8)] }]);
    await relay.publishEvents(id, { seq: 5, events: [change(9)] });
    await expect.poll(() => late.received.at(-1)).toEqual({ type: "events", seq: 5, reset: false, events: [change(9)] });
    late.stop();
  });

  it("drops a batch that does not follow the previous one and asks for a snapshot, until one arrives", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    const agent = await listen(relay, id);
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] });
    expect(await relay.publishEvents(id, { seq: 3, events: [change(4)] })).toEqual({
      accepted: false,
      wantSnapshot: true,
      firstSnapshot: false,
      snapshotRequired: false,
    });
    expect((await relay.publishEvents(id, { seq: 4, events: [change(5)] })).accepted).toBe(false);
    expect(await relay.publishEvents(id, { seq: 5, events: [meta(6), full(7)] })).toMatchObject({ accepted: true, wantSnapshot: false });
    expect((await relay.publishEvents(id, { seq: 6, events: [change(8)] })).accepted).toBe(true);
    await expect.poll(() => timestamps(agent.received)).toEqual([[1, 2], [6, 7], [8]]);
    agent.stop();
  });

  it("acknowledges a batch sent again (its answer was lost) without passing it on twice", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    const agent = await listen(relay, id);
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] });
    await relay.publishEvents(id, { seq: 2, events: [change(3)] });
    expect(await relay.publishEvents(id, { seq: 2, events: [change(3)] })).toEqual({
      accepted: true,
      wantSnapshot: false,
      firstSnapshot: false,
      snapshotRequired: false,
    });
    expect((await relay.publishEvents(id, { seq: 3, events: [change(4)] })).accepted).toBe(true);
    await expect.poll(() => timestamps(agent.received)).toEqual([[1, 2], [3], [4]]);
    agent.stop();
  });

  it("refuses increments before any snapshot (a page reload starts again with one)", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    expect(await relay.publishEvents(id, { seq: 1, events: [change(1)] })).toMatchObject({ accepted: false, wantSnapshot: true });
    await relay.publishEvents(id, { seq: 7, events: [meta(2), full(3)] });
    // The reloaded page numbers its batches from 1 again, starting with a snapshot.
    expect((await relay.publishEvents(id, { seq: 1, events: [meta(4), full(5)] })).accepted).toBe(true);
    expect((await relay.publishEvents(id, { seq: 2, events: [change(6)] })).accepted).toBe(true);
  });

  it("asks for a fresh snapshot when the stored tail grows long", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] });
    const many = Array.from({ length: MAX_TAIL_EVENTS }, (_, index) => change(3 + index));
    expect((await relay.publishEvents(id, { seq: 2, events: many })).wantSnapshot).toBe(true);
  });

  it("refuses batches past the tail's bound in events until a snapshot arrives", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] });
    const thousand = (seq: number) => ({ seq, events: Array.from({ length: 1000 }, (_, index) => change(seq * 1000 + index)) });
    // A visitor that ignores the requests for a snapshot: taken up to the bound, then refused.
    let seq = 2;
    while (seq < 20 && (await relay.publishEvents(id, thousand(seq))).accepted) seq++;
    expect(seq).toBe(2 + Math.floor((TAIL_BOUND.events - 2) / 1000));
    expect(await relay.publishEvents(id, thousand(seq))).toEqual({ accepted: false, wantSnapshot: true, firstSnapshot: false, snapshotRequired: true });
    // Even a small batch that would fit is refused now: only a snapshot is taken.
    expect((await relay.publishEvents(id, { seq, events: [change(1)] })).snapshotRequired).toBe(true);
    expect((await relay.publishEvents(id, { seq: seq + 1, events: [change(1)] })).snapshotRequired).toBe(true);

    const late = await listen(relay, id);
    const first = late.received[0];
    expect(first.type === "events" && first.events.length).toBeLessThanOrEqual(TAIL_BOUND.events);
    late.stop();

    expect(await relay.publishEvents(id, { seq: seq + 2, events: [meta(7), full(8)] })).toMatchObject({ accepted: true, snapshotRequired: false });
    expect((await relay.publishEvents(id, { seq: seq + 3, events: thousand(seq + 3).events })).accepted).toBe(true);
  });

  it("refuses batches past the tail's bound in bytes, and a late joiner's first message stays under it", async () => {
    const relay = makeRelay();
    const id = freshId("s_");
    await relay.publishEvents(id, { seq: 1, events: [meta(1), full(2)] });
    const piece = 4 * 1024 * 1024;
    const results = [];
    for (let seq = 2; seq < 2 + Math.ceil(TAIL_BOUND.bytes / piece) + 1; seq++)
      results.push(await relay.publishEvents(id, { seq, events: [bulky(seq, piece)] }));
    // Each batch is small in events: only its size stops it.
    expect(results.filter((result) => result.accepted)).toHaveLength(Math.floor(TAIL_BOUND.bytes / piece) - 1);
    expect(results.at(-1)).toMatchObject({ accepted: false, snapshotRequired: true });

    const late = await listen(relay, id);
    const first = late.received[0];
    expect(first.type).toBe("events");
    expect(Buffer.byteLength(JSON.stringify(first.type === "events" && first.events))).toBeLessThanOrEqual(TAIL_BOUND.bytes);
    late.stop();

    expect((await relay.publishEvents(id, { seq: 50, events: [meta(3), full(4)] })).accepted).toBe(true);
    expect((await relay.publishEvents(id, { seq: 51, events: [bulky(5, piece)] })).accepted).toBe(true);
  });

  it("keeps sessions apart, stops delivering after unsubscribing, and forgets an ended session", async () => {
    const relay = makeRelay();
    const [first, second] = [freshId("s_"), freshId("s_")];
    const one = await listen(relay, first);
    const two = await listen(relay, second);
    await relay.publishEvents(first, { seq: 1, events: [meta(1), full(2)] });
    await relay.publishToSession(second, { type: "ended", reason: "agent" });
    await expect.poll(() => two.received).toEqual([{ type: "ended", reason: "agent" }]);
    expect(one.received).toHaveLength(1);

    one.stop();
    await relay.publishEvents(first, { seq: 2, events: [change(3)] });
    await relay.publishToSession(second, { type: "custom", message: "after" });
    await expect.poll(() => two.received).toHaveLength(2); // delivered by now, so the stopped one would have been too
    expect(one.received).toHaveLength(1);
    await relay.forgetSession(first);
    expect(await relay.hasSnapshot(first)).toBe(false);
    two.stop();
  });

  it("carries the visitor page's console to the session's agents only, in order", async () => {
    const relay = makeRelay();
    const [id, other] = [freshId("s_"), freshId("s_")];
    const agent = await listen(relay, id);
    const bystander = await listen(relay, other);
    const first: AgentMessage = { type: "console", entries: [{ kind: "warn", at: 1, text: "low stock" }], dropped: 0 };
    const second: AgentMessage = {
      type: "console",
      entries: [{ kind: "network", at: 2, method: "GET", url: "https://shop.example.com/cart", status: null }],
      dropped: 4,
    };
    await relay.publishToSession(id, first);
    await relay.publishToSession(id, second);
    await expect.poll(() => agent.received).toEqual([first, second]);
    expect(bystander.received).toEqual([]);
    agent.stop();
    bystander.stop();
  });

  it("tells the listeners of forgotten sessions, until they stop listening", async () => {
    const relay = makeRelay();
    const [first, second] = [freshId("s_"), freshId("s_")];
    const forgotten: string[] = [];
    const stop = await relay.onSessionForgotten((sessionId) => forgotten.push(sessionId));
    await relay.forgetSession(first);
    await expect.poll(() => forgotten).toEqual([first]);
    stop();
    await relay.forgetSession(second);
    const witness: string[] = [];
    const stopWitness = await relay.onSessionForgotten((sessionId) => witness.push(sessionId));
    await relay.forgetSession(first);
    await expect.poll(() => witness).toEqual([first]); // delivered by now, so the stopped one would have had `second`
    expect(forgotten).toEqual([first]);
    stopWitness();
  });

  it("carries messages to the visitor and knows while its stream is open", async () => {
    const relay = makeRelay();
    const [visitor, other] = [freshId("V"), freshId("V")];
    const toVisitor: VisitorMessage[] = [];
    expect(await relay.visitorConnected(visitor)).toBe(false);
    const stop = await relay.subscribeVisitor(visitor, (message) => toVisitor.push(message));
    expect(await relay.visitorConnected(visitor)).toBe(true);
    await relay.publishToVisitor(other, { type: "snapshot", sessionId: "s_9" });
    await relay.publishToVisitor(visitor, { type: "snapshot", sessionId: "s_1" });
    await expect.poll(() => toVisitor).toEqual([{ type: "snapshot", sessionId: "s_1" }]);
    stop();
    await expect.poll(() => relay.visitorConnected(visitor)).toBe(false);
  });
}
