import "server-only";
import type { Db } from "@/lib/db";
import { authenticateVisitor } from "../visitors-ingest/auth";
import { ServiceError } from "../errors";
import type { Team } from "../teams";
import { loadSession } from "./live-session";
import { verifyViewerToken, type ViewerClaims } from "./viewer-token";

// The route wrapper hands handlers the team only; who was authenticated is kept per request.
const visitorOf = new WeakMap<Request, string>();
const viewerOf = new WeakMap<Request, ViewerClaims>();

/** The visitor script's stream: EventSource cannot set headers, so `visitorId` and `token` come in the query. */
export async function streamVisitorAuth(request: Request, db: Db): Promise<Team> {
  const query = new URL(request.url).searchParams;
  const { team, visitor } = await authenticateVisitor(db, query.get("visitorId"), query.get("token"));
  visitorOf.set(request, visitor.shortId);
  return team;
}

export function streamVisitorId(request: Request): string {
  const visitorId = visitorOf.get(request);
  if (!visitorId) throw new Error("streamVisitorId: the route is not behind streamVisitorAuth");
  return visitorId;
}

/**
 * The agent's watch page: the viewer token from `Authorization: Bearer …`, or from the `token` query
 * parameter for its EventSource. The team is the session's.
 */
export async function viewerAuth(request: Request, db: Db): Promise<Team> {
  const header = request.headers.get("authorization");
  const token = header?.startsWith("Bearer ") ? header.slice(7) : new URL(request.url).searchParams.get("token");
  const claims = await verifyViewerToken(token);
  if (!claims) throw new ServiceError(401, "invalid_viewer_token", "The session credential is missing or expired: open the watch link again from the console.");
  const found = await loadSession(db, claims.sessionId);
  if (!found) throw new ServiceError(401, "invalid_viewer_token", "The session no longer exists.");
  viewerOf.set(request, claims);
  return found.team;
}

/** The viewer's claims, checked against the session in the path: a token for one session opens no other. */
export function viewerFor(request: Request, sessionId: string): ViewerClaims {
  const claims = viewerOf.get(request);
  if (!claims) throw new Error("viewerFor: the route is not behind viewerAuth");
  if (claims.sessionId !== sessionId) throw new ServiceError(403, "forbidden", "This credential belongs to another session.");
  return claims;
}
