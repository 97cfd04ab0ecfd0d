import { describe, expect, it } from "vitest";
import type { VisitorMessage } from "@/lib/contract";
import { redisNodes } from "./test-redis-nodes";
import { change, freshId, full, listen, meta, relayContract } from "./relay-contract.test-suite";

/** An app node's relay: a command connection and a subscriber of its own. */
const node = redisNodes();

describe("RedisRelay", () => relayContract(() => node(freshId("node-"))));

describe("RedisRelay across app nodes", () => {
  const a = node("a");
  const b = node("b");

  it("lets a visitor on one node and an agent on another meet", async () => {
    const sessionId = freshId("s_");
    const visitorId = freshId("V");
    const toVisitor: VisitorMessage[] = [];
    const stopVisitor = await a.subscribeVisitor(visitorId, (message) => toVisitor.push(message));
    expect(await b.visitorConnected(visitorId)).toBe(true);

    const agent = await listen(b, sessionId);
    await a.publishEvents(sessionId, { seq: 1, events: [meta(1), full(2)] });
    await b.publishToVisitor(visitorId, { type: "control", sessionId, control: { tool: "scroll", dx: 0, dy: 10 } });
    await expect.poll(() => agent.received).toEqual([{ type: "events", seq: 1, reset: true, events: [meta(1), full(2)] }]);
    await expect.poll(() => toVisitor).toEqual([{ type: "control", sessionId, control: { tool: "scroll", dx: 0, dy: 10 } }]);

    // The visitor's next batch reaches another node (a load balancer's choice): it still follows.
    expect((await b.publishEvents(sessionId, { seq: 2, events: [change(3)] })).accepted).toBe(true);
    expect((await a.publishEvents(sessionId, { seq: 2, events: [change(3)] })).accepted).toBe(true); // a retry: taken once
    await expect.poll(() => agent.received.length).toBe(2);

    // A late joiner on the first node sees everything stored by both.
    const late = await listen(a, sessionId);
    expect(late.received).toEqual([{ type: "events", seq: 2, reset: true, events: [meta(1), full(2), change(3)] }]);
    stopVisitor();
    agent.stop();
    late.stop();
  });

  it("tells every node when one forgets an ended session", async () => {
    const sessionId = freshId("s_");
    const heard: string[] = [];
    const stops = await Promise.all([a.onSessionForgotten((id) => heard.push(`a ${id}`)), b.onSessionForgotten((id) => heard.push(`b ${id}`))]);
    await a.forgetSession(sessionId);
    await expect.poll(() => heard.sort()).toEqual([`a ${sessionId}`, `b ${sessionId}`]);
    stops.forEach((stop) => stop());
  });

  it("numbers the agents' messages without gaps while batches land on both nodes at once", async () => {
    const sessionId = freshId("s_");
    const agent = await listen(a, sessionId);
    await a.publishEvents(sessionId, { seq: 1, events: [meta(1), full(2)] });
    // The same batches raced through both nodes: each is stored once, in order.
    for (let seq = 2; seq <= 40; seq++) {
      const batch = { seq, events: [change(seq + 1)] };
      const results = await Promise.all([a.publishEvents(sessionId, batch), b.publishEvents(sessionId, batch)]);
      expect(results.every((result) => result.accepted)).toBe(true);
    }
    await expect.poll(() => agent.received.length).toBe(40);
    expect(agent.received.map((message) => message.type === "events" && message.seq)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    agent.stop();
  });

  it("forgets a visitor's stream when its node closes", async () => {
    const visitorId = freshId("V");
    const leaving = node("leaving");
    await leaving.subscribeVisitor(visitorId, () => undefined);
    expect(await a.visitorConnected(visitorId)).toBe(true);
    await leaving.close();
    expect(await a.visitorConnected(visitorId)).toBe(false);
  });
});
