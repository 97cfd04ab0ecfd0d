import "server-only";
import { eq, lt } from "drizzle-orm";
import { proxySessionIdOfToken } from "@/lib/contract/proxy-link";
import type { Db } from "@/lib/db";
import { tokenMatches } from "../visitors/credentials";
import { newSecret, sha256 } from "../core/ids";
import { processCache } from "@/lib/process-cache";
import type { ProxyLinkClaims } from "./links";
import { proxySessions, spentTokens } from "../core/schema";
import { verifyLink } from "../core/signing";
import { spendToken } from "../core/spent-tokens";
import type { CookieJar } from "tough-cookie";
import { toProxyUrl } from "@/lib/contract/proxy-url";
import { jarState, loadJar } from "./cookie-jar";

/** How long a proxy session lasts after its link is opened; its cookie jar goes with it. */
export const PROXY_SESSION_TTL_MS = 4 * 3_600_000;

export type ProxySession = typeof proxySessions.$inferSelect;

export type StartedProxySession = { ok: true; session: ProxySession; cookie: string } | { ok: false; reason: "expired" | "invalid" | "spent" };

/** The single-use mark of the link that starts proxy session `id`. */
const spentKey = (id: string) => `proxy:${id}`;

/**
 * What opening a link would answer, without opening it: for the page shown before the visitor asks to
 * open it. A link whose initial_url the proxy has no address for is invalid (the API makes none).
 */
export async function checkProxyLink(db: Db, token: string): Promise<{ ok: true } | { ok: false; reason: "expired" | "invalid" | "spent" }> {
  const check = await verifyLink<ProxyLinkClaims>("proxy", token);
  if (!check.ok) return check;
  if (!toProxyUrl(check.claims.initial_url, "", "-")) return { ok: false, reason: "invalid" };
  const id = await proxySessionIdOfToken(token);
  const [spent] = await db
    .select({ id: spentTokens.id })
    .from(spentTokens)
    .where(eq(spentTokens.id, spentKey(id)));
  return spent ? { ok: false, reason: "spent" } : { ok: true };
}

/**
 * Opens a proxy session link: checks it, spends it (a link opens once, even when two browsers race for
 * it) and starts the session in the same transaction. `cookie` is the session's secret for the
 * browser; only its hash is stored.
 */
export async function startProxySession(db: Db, token: string, now = new Date()): Promise<StartedProxySession> {
  const check = await verifyLink<ProxyLinkClaims>("proxy", token);
  if (!check.ok) return check;
  const { claims } = check;
  const id = await proxySessionIdOfToken(token);
  const cookie = newSecret("ps_");
  return db.transaction(async (tx): Promise<StartedProxySession> => {
    if (!(await spendToken(tx, spentKey(id), new Date((claims.exp ?? 0) * 1000)))) return { ok: false, reason: "spent" };
    const [session] = await tx
      .insert(proxySessions)
      .values({
        id,
        teamId: claims.team,
        cookieHash: sha256(cookie),
        initialUrl: claims.initial_url,
        allowedDomains: claims.allowed_domains,
        retryUrl: claims.retry_url ?? null,
        expiresAt: new Date(now.getTime() + PROXY_SESSION_TTL_MS),
      })
      .returning();
    return { ok: true, session, cookie };
  });
}

/**
 * Proxy sessions as this node last read or wrote them. Only a node that is alone (no REDIS_URL: PGlite,
 * or one node on PostgreSQL) keeps them: every change of a session then goes through it, so the copy is
 * exact; with several nodes a cookie set through one must be seen at once by the next request on another.
 */
const remembered = () => processCache<ProxySession>("proxy-sessions", 10 * 60_000, 10_000);

/** Whether this node may keep proxy sessions in memory (see `remembered`). */
export interface SessionCaching {
  nodeIsAlone: boolean;
}

/** The live proxy session `id` whose secret `cookie` is; undefined for a wrong, missing or expired one. */
export async function proxySessionFor(
  db: Db,
  id: string,
  cookie: string | undefined,
  caching: SessionCaching = { nodeIsAlone: false },
  now = new Date(),
): Promise<ProxySession | undefined> {
  if (!cookie) return undefined;
  const session = await liveProxySession(db, id, caching, now);
  return session && tokenMatches(cookie, session.cookieHash) ? session : undefined;
}

/** The proxy session `id` while it lasts, whoever asks: for what needs no visitor's credential. */
export async function liveProxySession(
  db: Db,
  id: string,
  caching: SessionCaching = { nodeIsAlone: false },
  now = new Date(),
): Promise<ProxySession | undefined> {
  let session = caching.nodeIsAlone ? remembered().get(id) : undefined;
  if (!session) {
    [session] = await db.select().from(proxySessions).where(eq(proxySessions.id, id));
    if (session && caching.nodeIsAlone) remembered().set(id, session);
  }
  return session && session.expiresAt > now ? session : undefined;
}

/**
 * Changes a session's cookie jar as it is now, the row locked meanwhile: answers setting cookies at the
 * same moment (a page's subresources, on any node) each add theirs, none overwrites another's.
 */
export async function updateCookieJar(db: Db, id: string, change: (jar: CookieJar) => boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ cookieJar: proxySessions.cookieJar }).from(proxySessions).where(eq(proxySessions.id, id)).for("update");
    if (!row) return;
    const jar = loadJar(row.cookieJar);
    if (!change(jar)) return;
    const cookieJar = jarState(jar);
    await tx.update(proxySessions).set({ cookieJar }).where(eq(proxySessions.id, id));
    const known = remembered().get(id);
    if (known) remembered().set(id, { ...known, cookieJar });
  });
}

/** Ends expired proxy sessions: their rows, cookie jars included, are deleted. */
export async function sweepProxySessions(db: Db, now = new Date()): Promise<void> {
  const ended = await db.delete(proxySessions).where(lt(proxySessions.expiresAt, now)).returning({ id: proxySessions.id });
  for (const { id } of ended) remembered().delete(id);
}
