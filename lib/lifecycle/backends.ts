import "server-only";
import { database } from "@/lib/db";
import { GuardedPool } from "@/lib/db/postgres-pool";
import { sharedRedis } from "@/lib/redis";

/**
 * Whether PostgreSQL and Redis can serve this node now, as far as it knows without asking them: Redis's
 * connection is up, and the database's pool has not found the server unreachable.
 */
export async function backendsReachable(): Promise<boolean> {
  const redis = sharedRedis();
  if (redis && redis.status !== "ready") return false;
  const pool = (await database()).db.$client;
  return !(pool instanceof GuardedPool) || pool.reachable;
}
