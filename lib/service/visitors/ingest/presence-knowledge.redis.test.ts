import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { connectRedis } from "@/lib/redis/connection";
import { RedisPresenceKnowledge } from "./presence-knowledge";

describe("RedisPresenceKnowledge", () => {
  let nodeA: Redis;
  let nodeB: Redis;
  const id = (name: string) => `${name}-${Date.now().toString(36)}`;

  beforeAll(() => {
    nodeA = connectRedis(inject("redisUrl"), "presence-test-a");
    nodeB = connectRedis(inject("redisUrl"), "presence-test-b");
  });
  afterAll(async () => {
    await Promise.all([nodeA.quit(), nodeB.quit()]);
  });

  it("tells every app node what one of them wrote, until it expires", async () => {
    const a = new RedisPresenceKnowledge(nodeA);
    const b = new RedisPresenceKnowledge(nodeB);
    const visitor = id("known");
    const until = Date.now() + 30_000;
    await a.remember(new Map([[visitor, { until, lookupCode: "4821" }]]));
    expect(await b.get(visitor)).toEqual({ until, lookupCode: "4821" });
    const ttl = await nodeB.pttl(`tandem:presence:${visitor}`);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);

    const noCode = id("no-code");
    await a.remember(new Map([[noCode, { until, lookupCode: null }]]));
    expect(await b.get(noCode)).toEqual({ until, lookupCode: null });
    // What is already past is not kept at all.
    await a.remember(new Map([[id("past"), { until: Date.now() - 1, lookupCode: null }]]));
    expect(await b.get(id("past"))).toBeNull();
  });

  it("forgets on every node at a leave", async () => {
    const a = new RedisPresenceKnowledge(nodeA);
    const b = new RedisPresenceKnowledge(nodeB);
    const visitor = id("leaving");
    await a.remember(new Map([[visitor, { until: Date.now() + 30_000, lookupCode: "1234" }]]));
    await b.forget(visitor);
    expect(await a.get(visitor)).toBeNull();
  });

  it("knows nothing, logging once, while Redis is unreachable: every heartbeat is then written at once", async () => {
    const unreachable = connectRedis("redis://127.0.0.1:1", "presence-test-down");
    unreachable.on("error", () => {});
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const knowledge = new RedisPresenceKnowledge(unreachable);
      await knowledge.remember(new Map([["v", { until: Date.now() + 30_000, lookupCode: null }]]));
      expect(await knowledge.get("v")).toBeNull();
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
      unreachable.disconnect();
    }
  });
});
