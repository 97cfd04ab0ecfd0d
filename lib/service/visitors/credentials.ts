import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { sha256 } from "../core/ids";
import { processCache } from "@/lib/process-cache";
import { visitors } from "../core/schema";

const invalidVisitor = () => new ServiceError("invalid_visitor_token", "Unknown visitor or wrong token: register again.");

/**
 * A visitor's token hash and team, as stored: a page beats every 15 s and, in a session, posts batches
 * several times a second. A token never changes; a deleted visitor is told by the endpoints themselves.
 */
const visitorCredentials = () => processCache<{ tokenHash: string; teamId: string }>("visitor-credentials", 5 * 60_000, 200_000);

/** True when `token` is the secret whose hash is stored; constant-time, so timing reveals nothing. */
export function tokenMatches(token: string, tokenHash: string): boolean {
  const given = Buffer.from(sha256(token));
  const stored = Buffer.from(tokenHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The visitor's team when the id and token match; the same 401 for an unknown id and a wrong token. */
export async function visitorTeamId(db: Db, visitorId: unknown, token: unknown): Promise<string> {
  if (typeof visitorId !== "string" || typeof token !== "string" || !visitorId || !token || visitorId.length > 64) throw invalidVisitor();
  let stored = visitorCredentials().get(visitorId);
  if (!stored) {
    const [row] = await db.select({ tokenHash: visitors.tokenHash, teamId: visitors.teamId }).from(visitors).where(eq(visitors.shortId, visitorId));
    if (!row) throw invalidVisitor();
    stored = row;
    visitorCredentials().set(visitorId, row);
  }
  if (!tokenMatches(token, stored.tokenHash)) throw invalidVisitor();
  return stored.teamId;
}

/** A deleted visitor's credentials are forgotten on this node (others find it gone when they use it). */
export function forgetVisitorCredentials(visitorId: string): void {
  visitorCredentials().delete(visitorId);
}
