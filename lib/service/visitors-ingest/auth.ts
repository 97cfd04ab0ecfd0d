import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../errors";
import { sha256 } from "../ids";
import { processCache } from "../process-cache";
import { teams, visitors } from "../schema";
import { teamByPublicKey, type Team } from "../teams";

export type VisitorRow = typeof visitors.$inferSelect;

/** True when `token` is the secret whose hash is stored; constant-time, so timing reveals nothing. */
export function tokenMatches(token: string, tokenHash: string): boolean {
  const given = Buffer.from(sha256(token));
  const stored = Buffer.from(tokenHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const invalidVisitor = () => new ServiceError(401, "invalid_visitor_token", "Unknown visitor or wrong token: register again.");

/** The visitor and its team when the id and token match; the same 401 for an unknown id and a wrong token. */
export async function authenticateVisitor(
  db: Db,
  visitorId: string | null | undefined,
  token: string | null | undefined,
): Promise<{ team: Team; visitor: VisitorRow }> {
  if (!visitorId || !token) throw invalidVisitor();
  const [row] = await db
    .select({ team: teams, visitor: visitors })
    .from(visitors)
    .innerJoin(teams, eq(teams.id, visitors.teamId))
    .where(eq(visitors.shortId, visitorId));
  if (!row || !tokenMatches(token, row.visitor.tokenHash)) throw invalidVisitor();
  return row;
}

/** The JSON body without consuming it: the route wrapper parses the body after authenticating. */
async function peekBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.clone().text();
  if (!text.trim()) return {};
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    throw new ServiceError(400, "invalid_request", "body: not valid JSON");
  }
}

const stringField = (body: Record<string, unknown>, name: string) => (typeof body[name] === "string" ? (body[name] as string) : null);

/** /collect/register: the team of the `publicKey` in the body (the key of the visitor script snippet). */
export async function publicKeyAuth(request: Request, db: Db): Promise<Team> {
  const publicKey = stringField(await peekBody(request), "publicKey");
  const team = publicKey ? await teamByPublicKey(db, publicKey) : undefined;
  if (!team) throw new ServiceError(401, "invalid_api_key", "Send the public key of the visitor script snippet as publicKey.");
  return team;
}

// The wrapper hands the handler the team only; the visitor the authenticator found is kept per request.
const authenticatedVisitors = new WeakMap<Request, string>();

async function authenticateRequest(request: Request, db: Db, visitorId: string | null, token: string | null): Promise<Team> {
  const { team, visitor } = await authenticateVisitor(db, visitorId, token);
  authenticatedVisitors.set(request, visitor.shortId);
  return team;
}

/** The other /collect routes: the X-Visitor-Id and X-Visitor-Token headers. */
export async function visitorAuth(request: Request, db: Db): Promise<Team> {
  return authenticateRequest(request, db, request.headers.get("x-visitor-id"), request.headers.get("x-visitor-token"));
}

/**
 * visitorAuth for the live event batches: a visitor whose page is being co-browsed posts up to twenty
 * a second, so a success is remembered for half a minute. (Every batch is checked against its session,
 * whose end is known at once; a visitor can only be deleted once offline, its stream closed.)
 */
export async function liveBatchVisitorAuth(request: Request, db: Db): Promise<Team> {
  const visitorId = request.headers.get("x-visitor-id");
  const token = request.headers.get("x-visitor-token");
  const recent = processCache<{ team: Team; visitorId: string }>("live-batch-visitors", 30_000);
  const cacheKey = visitorId && token ? `${visitorId} ${sha256(token)}` : null;
  const known = cacheKey ? recent.get(cacheKey) : undefined;
  if (known) {
    authenticatedVisitors.set(request, known.visitorId);
    return known.team;
  }
  const team = await authenticateRequest(request, db, visitorId, token);
  if (cacheKey) recent.set(cacheKey, { team, visitorId: authenticatedVisitorId(request) });
  return team;
}

/** /collect/leave: `navigator.sendBeacon` cannot set headers, so the body may carry visitorId and token. */
export async function beaconVisitorAuth(request: Request, db: Db): Promise<Team> {
  if (request.headers.has("x-visitor-id")) return visitorAuth(request, db);
  const body = await peekBody(request);
  return authenticateRequest(request, db, stringField(body, "visitorId"), stringField(body, "token"));
}

/** The id of the visitor that visitorAuth or beaconVisitorAuth authenticated for this request. */
export function authenticatedVisitorId(request: Request): string {
  const visitorId = authenticatedVisitors.get(request);
  if (!visitorId) throw new Error("authenticatedVisitorId: the route is not behind visitorAuth");
  return visitorId;
}
