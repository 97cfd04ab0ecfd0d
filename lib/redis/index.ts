import "server-only";
import type { Redis } from "ioredis";
import { env } from "@/lib/env";
import { connectRedis } from "./connection";

export { connectRedis } from "./connection";

// The service and Next's bundles each load this module in one process: one connection serves them all.
const slot = Symbol.for("tandem.redis");
type Holder = { [slot]?: Redis };

/** The process's Redis connection for commands when REDIS_URL is set (several app nodes), else null. */
export function sharedRedis(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  const holder = globalThis as Holder;
  holder[slot] ??= connectRedis(url, "commands");
  return holder[slot];
}

export async function closeSharedRedis(): Promise<void> {
  const holder = globalThis as Holder;
  const open = holder[slot];
  delete holder[slot];
  await open?.quit().catch(() => open.disconnect());
}
