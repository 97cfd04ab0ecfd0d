import "server-only";
import os from "node:os";
import { env } from "@/lib/env";
import { connectRedis, sharedRedis } from "@/lib/redis";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { opaqueNodeId } from "./node-id";
import { InProcessRelay } from "./in-process-relay";
import { RedisRelay } from "./redis-relay";
import type { LiveRelay } from "./relay";

/** This app node's name in logs and shared state; never shown to visitors (see `publicNodeId`). */
export function nodeName(): string {
  return env().TANDEM_NODE_NAME ?? `${os.hostname()}-${process.pid}`;
}

let publicId: string | undefined;
/** This node in the `x-tandem-node` header of its live streams: opaque to whoever reads it. */
export function publicNodeId(): string {
  publicId ??= opaqueNodeId(loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET), nodeName());
  return publicId;
}

// The service and the watch page (bundled by Next) share the process's one relay, on globalThis.
const relaySlot = Symbol.for("tandem.live-relay");
type Holder = { [relaySlot]?: LiveRelay };

/** The process's relay: Redis when REDIS_URL is set (several app nodes), else in this process. */
export function liveRelay(): LiveRelay {
  const holder = globalThis as Holder;
  if (!holder[relaySlot]) {
    const url = env().REDIS_URL;
    holder[relaySlot] = url ? new RedisRelay(sharedRedis()!, connectRedis(url, "subscriber"), nodeName()) : new InProcessRelay();
  }
  return holder[relaySlot];
}

export async function closeLiveRelay(): Promise<void> {
  const holder = globalThis as Holder;
  const relay = holder[relaySlot];
  delete holder[relaySlot];
  await relay?.close();
}
