import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "./errors";
import { newId, newSecret, sha256 } from "./ids";
import { apiKeys, teams } from "./schema";

export type Team = typeof teams.$inferSelect;

/** The first team, created on first start; the one the on-premise API and the demo serve. */
export async function defaultTeam(db: Db): Promise<Team | undefined> {
  const [team] = await db.select().from(teams).orderBy(asc(teams.createdAt), asc(teams.id)).limit(1);
  return team;
}

/** Standard Webhooks style: `whsec_` and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export async function ensureDefaultTeam(db: Db): Promise<Team> {
  const existing = await defaultTeam(db);
  if (existing) return existing;
  const [team] = await db
    .insert(teams)
    .values({ id: newId("t_", 12), name: "My team", domain: "localhost", publicKey: newId("pk_", 20), webhookSecret: newWebhookSecret() })
    .returning();
  return team;
}

/** Registers a known secret key (e.g. the console's own) for a team, once. */
export async function ensureApiKey(db: Db, teamId: string, key: string, name: string): Promise<void> {
  await db
    .insert(apiKeys)
    .values({ id: newId("k_", 12), teamId, name, prefix: key.slice(0, 6), keyHash: sha256(key) })
    .onConflictDoNothing({ target: apiKeys.keyHash });
}

/** A new secret key: returned once, only its hash is stored. */
export async function createApiKey(db: Db, teamId: string, name: string): Promise<{ id: string; key: string; prefix: string }> {
  const key = newSecret("tk_");
  const id = newId("k_", 12);
  const prefix = key.slice(0, 8);
  await db.insert(apiKeys).values({ id, teamId, name, prefix, keyHash: sha256(key) });
  return { id, key, prefix };
}

export async function revokeApiKey(db: Db, teamId: string, id: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.teamId, teamId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** The team of a secret key sent as X-Api-Key, or 401 invalid_api_key. */
export async function authenticateApiKey(db: Db, key: string | null): Promise<{ team: Team; keyId: string }> {
  if (!key) throw new ServiceError(401, "invalid_api_key", "Send your secret REST key in the X-Api-Key header.");
  const hash = sha256(key);
  const [row] = await db
    .select({ team: teams, keyId: apiKeys.id, keyHash: apiKeys.keyHash, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
  // The lookup is by hash; the final comparison is constant-time all the same.
  if (!row || !timingSafeEqual(Buffer.from(row.keyHash), Buffer.from(hash))) {
    throw new ServiceError(401, "invalid_api_key", "The API key is not valid.");
  }
  const minuteAgo = new Date(Date.now() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
  return { team: row.team, keyId: row.keyId };
}

export async function teamByPublicKey(db: Db, publicKey: string): Promise<Team | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.publicKey, publicKey));
  return team;
}
