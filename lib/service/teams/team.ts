import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { ApiKeyScope } from "@/lib/contract/team-settings";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { newId, newSecret, sha256 } from "../core/ids";
import { processCache } from "@/lib/process-cache";
import { apiKeys, teams } from "../core/schema";

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
    // Said here, not left to the column's default: the visitor is asked before any session starts.
    .values({
      id: newId("t_", 12),
      name: "My team",
      domain: "localhost",
      publicKey: newId("pk_", 20),
      webhookSecret: newWebhookSecret(),
      requireAuthorization: true,
    })
    .returning();
  return team;
}

/**
 * Registers a known secret key (e.g. the console's own) for a team, once, and gives it `scope` at every
 * call: a key registered before scopes existed gets its scope on the next start. A revoked key stays revoked.
 */
export async function ensureApiKey(db: Db, teamId: string, key: string, name: string, scope: ApiKeyScope): Promise<void> {
  await db
    .insert(apiKeys)
    .values({ id: newId("k_", 12), teamId, name, prefix: key.slice(0, 6), keyHash: sha256(key), scope })
    .onConflictDoUpdate({ target: apiKeys.keyHash, set: { scope } });
}

/** A new secret key: returned once, only its hash is stored. */
export async function createApiKey(db: Db, teamId: string, name: string, scope: ApiKeyScope): Promise<{ id: string; key: string; prefix: string }> {
  const key = newSecret("tk_");
  const id = newId("k_", 12);
  const prefix = key.slice(0, 8);
  await db.insert(apiKeys).values({ id, teamId, name, prefix, keyHash: sha256(key), scope });
  return { id, key, prefix };
}

export async function revokeApiKey(db: Db, teamId: string, id: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.teamId, teamId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  forgetTeam(teamId);
  return revoked.length > 0;
}

/** How long a node trusts what it read of a team or a key; changes made on this node apply at once. */
export const TEAM_TRUSTED_MS = 10_000;

const teamCache = () => processCache<Team>("teams", TEAM_TRUSTED_MS);
const keyCache = () => processCache<{ teamId: string; keyId: string; scope: ApiKeyScope; usedAt: number }>("api-keys", TEAM_TRUSTED_MS);
const publicKeyCache = () => processCache<{ teamId: string }>("public-keys", TEAM_TRUSTED_MS);

/** A team by id, read at most once per TEAM_TRUSTED_MS on this node. */
export async function teamById(db: Db, teamId: string): Promise<Team | undefined> {
  const known = teamCache().get(teamId);
  if (known) return known;
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (team) teamCache().set(teamId, team);
  return team;
}

/** After a change of the team or its keys: this node reads them afresh (other nodes within TEAM_TRUSTED_MS). */
export function forgetTeam(teamId: string): void {
  teamCache().delete(teamId);
  for (const [hash, key] of keyCache().entries()) if (key.teamId === teamId) keyCache().delete(hash);
}

/** The team and scope of a secret key sent as X-Api-Key, or 401 invalid_api_key. */
export async function authenticateApiKey(db: Db, key: string | null): Promise<{ team: Team; keyId: string; scope: ApiKeyScope }> {
  if (!key) throw new ServiceError("invalid_api_key", "Send your secret REST key in the X-Api-Key header.");
  const hash = sha256(key);
  let known = keyCache().get(hash);
  if (!known) {
    const [row] = await db
      .select({ teamId: apiKeys.teamId, keyId: apiKeys.id, keyHash: apiKeys.keyHash, scope: apiKeys.scope, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
    // The lookup is by hash; the final comparison is constant-time all the same.
    if (!row || !timingSafeEqual(Buffer.from(row.keyHash), Buffer.from(hash))) {
      throw new ServiceError("invalid_api_key", "The API key is not valid.");
    }
    known = { teamId: row.teamId, keyId: row.keyId, scope: row.scope, usedAt: row.lastUsedAt?.getTime() ?? 0 };
    keyCache().set(hash, known);
  }
  const team = await teamById(db, known.teamId);
  if (!team) throw new ServiceError("invalid_api_key", "The API key is not valid.");
  // When a key was last used is shown to admins to the minute: written at most once a minute.
  const now = Date.now();
  if (now - known.usedAt >= 60_000) {
    known.usedAt = now;
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiKeys.id, known.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - 60_000)))));
  }
  return { team, keyId: known.keyId, scope: known.scope };
}

/** The team whose visitor script snippet holds `publicKey`. */
export async function teamByPublicKey(db: Db, publicKey: string): Promise<Team | undefined> {
  const known = publicKeyCache().get(publicKey);
  if (known) return teamById(db, known.teamId);
  const [team] = await db.select().from(teams).where(eq(teams.publicKey, publicKey));
  if (team) {
    publicKeyCache().set(publicKey, { teamId: team.id });
    teamCache().set(team.id, team);
  }
  return team;
}
