import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { AgentMessage } from "@/lib/contract";
import { connectRedis } from "@/lib/redis/connection";
import { startRedisServer, type RedisServer } from "@/lib/testing/redis-server";
import { RedisRelay } from "./redis-relay";
import { change, freshId, full, listen, meta } from "./relay-contract.test-suite";

/** A Redis of this file's own, which it restarts (empty, as without persistence). */
let redis: RedisServer;
const connections: Redis[] = [];
const relays: RedisRelay[] = [];
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.close()));
  for (const connection of connections) connection.disconnect();
  redis?.stop();
});

function node(name: string): RedisRelay {
  const commands = connectRedis(redis.url, `${name}-commands`);
  const subscriber = connectRedis(redis.url, `${name}-subscriber`);
  connections.push(commands, subscriber);
  const relay = new RedisRelay(commands, subscriber, name);
  relays.push(relay);
  return relay;
}

/** The page an agent's stream shows: the events of its last reset and of the messages that follow it without a gap. */
function shownPage(received: AgentMessage[]): number[] | "gap" {
  const events = received.filter((message) => message.type === "events");
  const reset = events.findLastIndex((message) => message.reset);
  if (reset < 0) return [];
  const shown = events[reset].events.map((event) => event.timestamp);
  for (let index = reset + 1; index < events.length; index++) {
    if (events[index].seq !== events[index - 1].seq + 1) return "gap";
    shown.push(...events[index].events.map((event) => event.timestamp));
  }
  return shown;
}

describe("RedisRelay when Redis restarts", () => {
  it("the agent's stream on another node shows the page the visitor sends afterwards, without a gap", async () => {
    redis = await startRedisServer();
    const visitorNode = node("a");
    const agentNode = node("b");
    const sessionId = freshId("s_");
    await visitorNode.publishEvents(sessionId, { seq: 1, events: [meta(1), full(2)] });
    for (let seq = 2; seq <= 5; seq++) await visitorNode.publishEvents(sessionId, { seq, events: [change(seq + 1)] });
    // The agent's page (re)connected mid-session: it starts from the stored page.
    const agent = await listen(agentNode, sessionId);
    await expect.poll(() => shownPage(agent.received)).toEqual([1, 2, 3, 4, 5, 6]);

    await redis.restart(300);
    await expect
      .poll(() =>
        visitorNode.check().then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    // The restarted Redis holds no page: the visitor's next batch is refused with a request for a snapshot.
    await expect
      .poll(() =>
        visitorNode.publishEvents(sessionId, { seq: 6, events: [change(7)] }).then(
          (result) => result.wantSnapshot,
          () => false,
        ),
      )
      .toBe(true);
    await visitorNode.publishEvents(sessionId, { seq: 7, events: [meta(8), full(9)] });
    await visitorNode.publishEvents(sessionId, { seq: 8, events: [change(10)] });
    await expect.poll(() => shownPage(agent.received), { timeout: 10_000 }).toEqual([8, 9, 10]);
    agent.stop();
  });
});
