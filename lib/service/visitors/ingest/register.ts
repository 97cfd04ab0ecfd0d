import { and, eq } from "drizzle-orm";
import type { FrameSettingsResponse, RegisterRequest, RegisterResponse } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { newId, newSecret, sha256 } from "../../core/ids";
import { visitors } from "../../core/schema";
import { visitorSearchText } from "@/lib/service/visitors/search";
import type { Team } from "../../teams/team";
import { tokenMatches } from "../credentials";
import type { VisitorRow } from "../search";
import type { ClientInfo } from "./client-info";
import { assignLookupCode } from "./lookup-code";
import { addPageview } from "./pageview-history";
import { redactedPage } from "./redacted-page";
import { registrationIdentity } from "./registration-key";
import { waitingFields } from "./help-request";
import { HEARTBEAT_SECONDS, notBefore, onlineUntilFrom } from "./presence";

/**
 * What the registration reads of the script's request: the contract's, less the public key that found
 * the team. `scriptVersion` is accepted and not stored (a column would need a migration).
 */
export type RegisterInput = Omit<RegisterRequest, "publicKey">;

/** The answer, less the envelope's `status`. */
export type Registration = Omit<RegisterResponse, "status">;

export type RecordingSettings = FrameSettingsResponse["settings"];

/** What the script needs to record a page or a frame of it. */
export function recordingSettings(team: Team): RecordingSettings {
  return { maskingSelectors: team.maskingSelectors, frameOrigins: team.frameOrigins, canvasCapture: team.canvasCaptureEnabled };
}

/** The visitor the script asks to resume: only one of this team whose token matches. */
async function resumable(tx: Tx, teamId: string, input: { visitorId?: string | null; token?: string | null }): Promise<VisitorRow | undefined> {
  if (!input.visitorId || !input.token) return undefined;
  const [visitor] = await tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.teamId, teamId), eq(visitors.shortId, input.visitorId)))
    .for("update");
  return visitor && tokenMatches(input.token, visitor.tokenHash) ? visitor : undefined;
}

async function insertVisitor(tx: Tx, row: Omit<typeof visitors.$inferInsert, "shortId">, keyedId?: string): Promise<VisitorRow> {
  // 8 characters of 32 make collisions rare, not impossible: draw again on one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await tx
      .insert(visitors)
      .values({ ...row, shortId: (attempt === 0 && keyedId) || newId("", 8) })
      .onConflictDoNothing({ target: visitors.shortId })
      .returning();
    if (created) return created;
  }
  throw new Error("Could not draw a free visitor id");
}

/**
 * POST /collect/register: a page of the customer's site loaded the visitor script. Resumes the visitor
 * when its id and token match one of this team, else creates one; either way it is online from now.
 */
export async function registerVisitor(db: Db, team: Team, raw: RegisterInput, client: ClientInfo, now = new Date()): Promise<Registration> {
  const input = { ...raw, ...redactedPage(team, raw) };
  // A new visitor's registration sent again (its key the same) is the visitor the first one made.
  const keyed = input.registrationKey && !input.visitorId ? registrationIdentity(team.id, input.registrationKey) : undefined;
  const registration = await db.transaction(async (tx): Promise<Registration> => {
    const previous = (await resumable(tx, team.id, input)) ?? (keyed && (await resumable(tx, team.id, keyed)));
    const token = keyed?.token ?? (previous ? input.token! : newSecret("vt_"));
    const fields = {
      ...client,
      lastSeenAt: now,
      onlineUntil: onlineUntilFrom(now),
      lastUrl: input.url,
      lastTitle: input.title ?? null,
      ...waitingFields(Boolean(raw.waitingForCall), previous?.waitingSince ?? null, now),
      isSupported: true,
      jsConfiguration: true,
      searchText: visitorSearchText({
        ...(previous ?? { callName: null, email: null, identities: [], uniqueId: null }),
        ...client,
        lastUrl: input.url,
        lastTitle: input.title,
      }),
    };
    const visitor = previous
      ? (
          await tx
            .update(visitors)
            .set({ ...fields, lastSeenAt: notBefore(visitors.lastSeenAt, now), onlineUntil: notBefore(visitors.onlineUntil, fields.onlineUntil) })
            .where(eq(visitors.shortId, previous.shortId))
            .returning()
        )[0]
      : await insertVisitor(tx, { ...fields, teamId: team.id, tokenHash: sha256(token), addedAt: now }, keyed?.visitorId);
    const lookupCode = await assignLookupCode(tx, team.id, visitor.shortId, visitor.lookupCode, visitor.ipAddress, now);
    // A registration sent again is the same page: its pageview is the first one's.
    if (!(keyed && previous)) await addPageview(tx, team, visitor.shortId, input, now, previous?.onlineUntil ?? null);
    return {
      visitorId: visitor.shortId,
      token,
      lookupCode,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      settings: { requireAuthorization: team.requireAuthorization, ...recordingSettings(team), urlRedactedParams: team.urlRedactedParams },
    };
  });
  return registration;
}
