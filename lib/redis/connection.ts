import { Redis } from "ioredis";

/**
 * A Redis connection that fails fast instead of queueing commands forever while Redis is away, so a
 * request answers 503 rather than hanging. It reconnects by itself.
 */
export function connectRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: `tandem-${name}`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}
