import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "@/lib/contract/endpoint";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ServiceError } from "../core/errors";
import { loadSession } from "../sessions/record";
import { verifyViewerToken, type ViewerClaims } from "../live/viewer-token";
import { processCache } from "@/lib/process-cache";
import { visitorTeamId } from "../visitors/credentials";
import { authenticateApiKey, defaultTeam, teamById, teamByPublicKey, type Team } from "../teams/team";

/** Who is calling, as far as the endpoint's authentication tells. */
export interface Caller {
  team: Team | null;
  /** The secret key that authenticated an api-key request. */
  keyId: string | null;
  /** The visitor that authenticated a visitor request. */
  visitorId: string | null;
  /** The watch page's claims: which session, which agent. */
  viewer: ViewerClaims | null;
}

interface AuthInput {
  request: Request;
  db: Db;
  /** The parsed body, for the authentications that read it (AUTH_FROM_BODY). */
  body: unknown;
  /** The body as sent, for those that check its signature. */
  rawBody?: string;
}

const NOBODY: Caller = { team: null, keyId: null, visitorId: null, viewer: null };

/** The authentications that need the body first: it holds the credential, or its signature covers it as sent. */
export const AUTH_FROM_BODY: ReadonlySet<Auth> = new Set(["public-key", "visitor-beacon", "intercom-signature"]);

const invalidVisitor = () => new ServiceError("invalid_visitor_token", "Unknown visitor or wrong token: register again.");

/** The visitor and its team when the id and token match. */
async function authenticateVisitor(db: Db, visitorId: unknown, token: unknown): Promise<Caller> {
  const team = await teamById(db, await visitorTeamId(db, visitorId, token));
  if (!team) throw invalidVisitor();
  return { ...NOBODY, team, visitorId: visitorId as string };
}

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const field = (body: unknown, name: string): unknown => (body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined);

const defaultTeamId = () => processCache<{ id: string }>("default-team", 60_000);

/** The deployment's own team: the on-premise API's and the helpdesk apps' (one secret for the deployment). */
async function deploymentTeam(db: Db): Promise<Team> {
  const known = defaultTeamId().get("team");
  const team = known ? await teamById(db, known.id) : await defaultTeam(db);
  if (!team) throw new ServiceError("unavailable", "The service has no team yet.");
  defaultTeamId().set("team", { id: team.id });
  return team;
}

async function restKeyCaller({ request, db }: AuthInput): Promise<Caller> {
  const restKey = env().REST_KEY;
  // The on-premise API exists only while REST_KEY is set.
  if (!restKey) throw new ServiceError("not_found", "The on-premise API is disabled: set REST_KEY to enable it.");
  if (!sameSecret(request.headers.get("authorization"), restKey)) throw new ServiceError("invalid_api_key", "The Authorization header must hold the REST_KEY.");
  return { ...NOBODY, team: await deploymentTeam(db) };
}

/** Intercom signs each Canvas Kit request's raw body with the app's client secret; the app is off without one. */
async function intercomCaller({ request, db, rawBody }: AuthInput): Promise<Caller> {
  const secret = env().INTERCOM_CLIENT_SECRET;
  if (!secret) throw new ServiceError("not_found", "The Intercom app is off: set INTERCOM_CLIENT_SECRET to turn it on.");
  const expected = createHmac("sha256", secret)
    .update(rawBody ?? "")
    .digest("hex");
  if (!sameSecret(request.headers.get("x-body-signature")?.toLowerCase() ?? null, expected)) {
    throw new ServiceError("invalid_signature", "X-Body-Signature does not match the body: the request is not from Intercom.");
  }
  return { ...NOBODY, team: await deploymentTeam(db) };
}

/** The credential of `Authorization: Bearer …`. Never read from the query: proxies log addresses. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  return header?.startsWith("Bearer ") ? header.slice(7) : null;
}

/**
 * The watch page: the viewer token from `Authorization: Bearer …` (its stream is fetch-based, so it
 * sends headers too). The team is the session's; the session in the path must be the token's.
 */
async function viewerCaller({ request, db }: AuthInput): Promise<Caller> {
  const viewer = await verifyViewerToken(bearerToken(request));
  if (!viewer) throw new ServiceError("invalid_viewer_token", "The session credential is missing or expired: open the watch link again from the console.");
  const found = await loadSession(db, viewer.sessionId);
  if (!found) throw new ServiceError("invalid_viewer_token", "The session no longer exists.");
  return { ...NOBODY, team: found.team, viewer };
}

/** How each kind of caller is recognised (lib/contract/endpoint.ts says which endpoint takes which). */
export const AUTHENTICATE: Record<Auth, (input: AuthInput) => Promise<Caller>> = {
  "api-key": async ({ request, db }) => {
    const { team, keyId } = await authenticateApiKey(db, request.headers.get("x-api-key"));
    return { ...NOBODY, team, keyId };
  },
  // v1.4: the key as `Authorization: Bearer …`, or as v1.3 sends it.
  "bearer-key": async ({ request, db }) => {
    const { team, keyId } = await authenticateApiKey(db, bearerToken(request) ?? request.headers.get("x-api-key"));
    return { ...NOBODY, team, keyId };
  },
  "admin-key": async ({ request, db }) => {
    const { team, keyId, scope } = await authenticateApiKey(db, request.headers.get("x-api-key"));
    if (scope !== "admin") {
      throw new ServiceError("permission_denied", "This key has the api scope: team settings, keys and the webhook secret need a key with the admin scope.");
    }
    return { ...NOBODY, team, keyId };
  },
  "rest-key": restKeyCaller,
  "public-key": async ({ db, body }) => {
    const publicKey = field(body, "publicKey");
    const team = typeof publicKey === "string" && publicKey ? await teamByPublicKey(db, publicKey) : undefined;
    if (!team) throw new ServiceError("invalid_api_key", "Send the public key of the visitor script snippet as publicKey.");
    return { ...NOBODY, team };
  },
  visitor: ({ request, db }) => authenticateVisitor(db, request.headers.get("x-visitor-id"), request.headers.get("x-visitor-token")),
  // navigator.sendBeacon cannot set headers: then the body carries the id and token.
  "visitor-beacon": ({ request, db, body }) =>
    request.headers.has("x-visitor-id")
      ? authenticateVisitor(db, request.headers.get("x-visitor-id"), request.headers.get("x-visitor-token"))
      : authenticateVisitor(db, field(body, "visitorId"), field(body, "token")),
  viewer: viewerCaller,
  // The recording link's signed token (bearerToken) is the credential: the handler checks it.
  "recording-link": async () => NOBODY,
  // The viewer token (bearerToken) is spent by the handler, in the transaction that checks it.
  "one-time-viewer": async () => NOBODY,
  "intercom-signature": intercomCaller,
  none: async () => NOBODY,
};

/** The viewer's claims, checked against the session in the path: a token for one session opens no other. */
export function viewerOf(viewer: ViewerClaims, sessionId: string): ViewerClaims {
  if (viewer.sessionId !== sessionId) throw new ServiceError("forbidden", "This credential belongs to another session.");
  return viewer;
}
