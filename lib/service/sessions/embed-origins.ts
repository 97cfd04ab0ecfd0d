import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { verifyRecordingToken } from "./recording-token";
import { sessions, teams } from "../core/schema";
import { verifyLink } from "../core/signing";

const RECORDING_PAGE = /^\/watch\/recordings\/([^/]+)\/?$/;
const WATCH_PAGE = /^\/watch\/([^/]+)\/?$/;
// Where a watch or recording page lives once its link is exchanged: the address names the session only.
const SESSION_PAGE = /^\/watch\/(?:recordings\/)?session\/([^/]+)\/?$/;

/** Whether a path is a watch or recording page, whose framing the team decides. */
export function isWatchPage(pathname: string): boolean {
  return SESSION_PAGE.test(pathname) || WATCH_PAGE.test(pathname) || RECORDING_PAGE.test(pathname);
}

/**
 * The origins the team behind a watch or recording page lets embed it (`naked` and `page_only`
 * embedding), read without opening the link; none for a link that is not valid.
 */
export async function embedOriginsOfWatchPage(db: Db, pathname: string): Promise<string[]> {
  const teamId = await teamOfWatchPage(db, decodeURIComponent(pathname));
  if (!teamId) return [];
  const [team] = await db.select({ embedOrigins: teams.embedOrigins }).from(teams).where(eq(teams.id, teamId));
  return team?.embedOrigins ?? [];
}

async function teamOfWatchPage(db: Db, pathname: string): Promise<string | null> {
  const sessionPage = SESSION_PAGE.exec(pathname);
  if (sessionPage) return teamOfSession(db, sessionPage[1]);
  const recording = RECORDING_PAGE.exec(pathname);
  if (recording) {
    const check = verifyRecordingToken(recording[1]);
    return check.ok ? teamOfSession(db, check.sessionId) : null;
  }
  const watch = WATCH_PAGE.exec(pathname);
  if (!watch) return null;
  const check = await verifyLink<{ team?: unknown }>("watch", watch[1]);
  return check.ok && typeof check.claims.team === "string" ? check.claims.team : null;
}

async function teamOfSession(db: Db, sessionId: string): Promise<string | null> {
  const [session] = await db.select({ teamId: sessions.teamId }).from(sessions).where(eq(sessions.id, sessionId));
  return session?.teamId ?? null;
}
