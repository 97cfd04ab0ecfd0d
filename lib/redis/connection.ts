import { Redis, type RedisStatus } from "ioredis";
import { logUnavailable, UnavailableError } from "@/lib/availability/unavailable";

/** A command Redis has not answered within this fails: a request answers 503 rather than hanging. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A Redis connection that fails fast instead of queueing commands while Redis is away, so a request
 * answers 503 rather than hanging. It reconnects by itself.
 */
export function connectRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: `tandem-${name}`,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 1000),
  });
  // Each failed reconnection is an error event: said once a while, not once per attempt.
  redis.on("error", (error) => logUnavailable(`Redis (${name})`, error));
  return redis;
}

// States of a connection that was lost: commands would wait out its reconnection attempts.
const LOST: RedisStatus[] = ["close", "reconnecting", "end"];

/** Throws at once while the connection is lost, rather than queueing a command that will time out. */
export function assertConnected(redis: Redis): void {
  if (LOST.includes(redis.status)) throw new UnavailableError(`Redis is unreachable (the connection is ${redis.status})`);
}
