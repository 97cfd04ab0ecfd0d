import { and, desc, eq } from "drizzle-orm";
import type { ApiKeyScope, ApiKeySummary, TeamSettings, TeamSettingsUpdate } from "@/lib/contract/team-settings";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { isoOrNull, iso } from "../core/format";
import { apiKeys, teams } from "../core/schema";
import { createApiKey, forgetTeam, newWebhookSecret, revokeApiKey, type Team } from "./team";

export function toTeamSettings(team: Team): TeamSettings {
  return {
    id: team.id,
    name: team.name,
    domain: team.domain,
    public_key: team.publicKey,
    history_enabled: team.historyEnabled,
    require_authorization: team.requireAuthorization,
    masking_selectors: team.maskingSelectors,
    max_concurrent_sessions: team.maxConcurrentSessions,
    proxy_enabled: team.proxyEnabled,
    onprem_licensed: team.onpremLicensed,
    recording_enabled: team.recordingEnabled,
    recording_link_ttl_hours: team.recordingLinkTtlHours,
    url_redacted_params: team.urlRedactedParams,
    embed_origins: team.embedOrigins,
    frame_origins: team.frameOrigins,
    canvas_capture_enabled: team.canvasCaptureEnabled,
    visitor_feedback_enabled: team.visitorFeedbackEnabled,
    agent_hears_visitor: team.agentHearsVisitor,
  };
}

export async function updateTeamSettings(db: Db, teamId: string, update: TeamSettingsUpdate): Promise<TeamSettings> {
  const values = {
    name: update.name,
    domain: update.domain,
    historyEnabled: update.history_enabled,
    requireAuthorization: update.require_authorization,
    maskingSelectors: update.masking_selectors,
    maxConcurrentSessions: update.max_concurrent_sessions,
    proxyEnabled: update.proxy_enabled,
    onpremLicensed: update.onprem_licensed,
    recordingEnabled: update.recording_enabled,
    recordingLinkTtlHours: update.recording_link_ttl_hours,
    urlRedactedParams: update.url_redacted_params,
    embedOrigins: update.embed_origins,
    frameOrigins: update.frame_origins,
    canvasCaptureEnabled: update.canvas_capture_enabled,
    visitorFeedbackEnabled: update.visitor_feedback_enabled,
    agentHearsVisitor: update.agent_hears_visitor,
  };
  // An empty PATCH changes nothing; drizzle refuses an UPDATE without values, so read the team instead.
  const changes = Object.values(values).some((value) => value !== undefined);
  const [team] = changes
    ? await db.update(teams).set(values).where(eq(teams.id, teamId)).returning()
    : await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new ServiceError("not_found", `No team ${teamId}.`);
  forgetTeam(teamId);
  return toTeamSettings(team);
}

function toKeySummary(key: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    created_at: iso(key.createdAt),
    last_used_at: isoOrNull(key.lastUsedAt),
    revoked_at: isoOrNull(key.revokedAt),
  };
}

export async function listApiKeys(db: Db, teamId: string): Promise<ApiKeySummary[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.teamId, teamId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(toKeySummary);
}

/** A new key of the given scope: `api` reaches the v1.3 endpoints, `admin` also this admin API. */
export async function createTeamApiKey(db: Db, teamId: string, name: string, scope: ApiKeyScope): Promise<ApiKeySummary & { secret: string }> {
  const created = await createApiKey(db, teamId, name, scope);
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
  return { ...toKeySummary(row), secret: created.key };
}

/** Revokes a key; the key that made the request may not revoke itself (it would lock the caller out). */
export async function revokeTeamApiKey(db: Db, teamId: string, keyId: string, callerKeyId: string): Promise<void> {
  if (keyId === callerKeyId) throw new ServiceError("key_in_use", "This key made the request; revoke it with another key.");
  const [exists] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.teamId, teamId)));
  if (!exists) throw new ServiceError("not_found", `No key ${keyId}.`);
  await revokeApiKey(db, teamId, keyId);
}

/** A new webhook signing secret; deliveries from now on are signed with it. */
export async function rotateWebhookSecret(db: Db, teamId: string): Promise<string> {
  const secret = newWebhookSecret();
  await db.update(teams).set({ webhookSecret: secret }).where(eq(teams.id, teamId));
  forgetTeam(teamId);
  return secret;
}
