// Test helper (not runtime code): app nodes' relays over the throwaway redis-server of the redis suites.
import type { Redis } from "ioredis";
import { afterAll, inject } from "vitest";
import { connectRedis } from "@/lib/redis/connection";
import { RedisRelay } from "./redis-relay";

/** Returns a maker of app nodes' relays (a command connection and a subscriber each), all closed after the suite. */
export function redisNodes(): (name: string) => RedisRelay {
  const connections: Redis[] = [];
  const relays: RedisRelay[] = [];
  afterAll(async () => {
    await Promise.all(relays.map((relay) => relay.close()));
    await Promise.all(connections.map((connection) => connection.quit()));
  });
  return (name) => {
    const url = inject("redisUrl");
    const commands = connectRedis(url, `${name}-commands`);
    connections.push(commands);
    const relay = new RedisRelay(commands, connectRedis(url, `${name}-subscriber`), name);
    relays.push(relay);
    return relay;
  };
}
