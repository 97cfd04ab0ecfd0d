import { createHmac } from "node:crypto";
import type { Redis } from "ioredis";
import { ConfigError, SHARED_SECRETS, type Env } from "@/lib/env/schema";

/** A node's entry lives this long after its last refresh: a node that died leaves the list by itself. */
export const NODE_ENTRY_TTL_MS = 30_000;
const PREFIX = "tandem:nodes:";

type Fingerprints = Record<(typeof SHARED_SECRETS)[number], string>;

/** Enough of each secret to compare it, and nothing to recover it from. */
function fingerprints(config: Partial<Record<(typeof SHARED_SECRETS)[number], string>>): Fingerprints {
  const entries = SHARED_SECRETS.map((name) => [
    name,
    createHmac("sha256", "tandem secret fingerprint")
      .update(config[name] ?? "")
      .digest("base64url")
      .slice(0, 16),
  ]);
  return Object.fromEntries(entries) as Fingerprints;
}

async function liveEntries(redis: Redis): Promise<{ name: string; fingerprints: Fingerprints }[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 100);
    keys.push(...found);
    cursor = next;
  } while (cursor !== "0");
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values.flatMap((value, index) => (value ? [{ name: keys[index].slice(PREFIX.length), fingerprints: JSON.parse(value) as Fingerprints }] : []));
}

/**
 * Joins the list of running app nodes in Redis, after checking that every node already running has the
 * same shared secrets (a mismatch would sign people out or refuse watch links at random, depending on
 * which node answers). Throws a ConfigError naming the secret; returns a function that leaves the list.
 */
export async function joinNodeRegistry(redis: Redis, nodeName: string, config: Pick<Env, (typeof SHARED_SECRETS)[number]>): Promise<() => Promise<void>> {
  const mine = fingerprints(config);
  for (const other of await liveEntries(redis)) {
    if (other.name === nodeName) throw new ConfigError("TANDEM_NODE_NAME", `"${nodeName}" is the name of an app node already running`);
    const differs = SHARED_SECRETS.find((name) => other.fingerprints[name] !== mine[name]);
    if (differs) throw new ConfigError(differs, `differs from the value app node "${other.name}" runs with: every node needs the same`);
  }
  const key = PREFIX + nodeName;
  const refresh = () => redis.set(key, JSON.stringify(mine), "PX", NODE_ENTRY_TTL_MS);
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => undefined), NODE_ENTRY_TTL_MS / 3);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await redis.del(key).catch(() => undefined);
  };
}
