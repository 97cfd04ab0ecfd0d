import "server-only";
import type { Db } from "@/lib/db";
import { redactUrl, type ConsoleBatch } from "@/lib/contract";
import { ServiceError } from "../core/errors";
import { consentedSession } from "./consented-session";
import { recordFeature } from "../sessions/record";
import { liveRelay } from "./node-relay";
import { effectivePermissions } from "../sessions/permissions";

/**
 * POST /collect/live/console: the visitor page's console output, relayed to the session's watch pages
 * and never stored. Only while the watch link allows it; failed requests' addresses are redacted again
 * with the team's rule (an older script may send them raw).
 */
export async function relayVisitorConsole(db: Db, visitorId: string, sessionId: string, batch: Omit<ConsoleBatch, "sessionId">): Promise<void> {
  const { session, team } = await consentedSession(db, visitorId, sessionId);
  if (!effectivePermissions(session.permissions).allow_console)
    throw new ServiceError("permission_denied", "The watch link does not allow the remote console.");
  const entries = batch.entries.map((entry) => (entry.kind === "network" ? { ...entry, url: redactUrl(entry.url, team.urlRedactedParams) } : entry));
  if (!entries.length && !batch.dropped) return;
  await liveRelay().publishToSession(session.id, { type: "console", entries, dropped: batch.dropped });
  await recordFeature(db, session.id, "console");
}
