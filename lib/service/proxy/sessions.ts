import "server-only";
import { and, eq, gt, lt } from "drizzle-orm";
import { proxySessionIdOfToken } from "@/lib/contract/proxy-link";
import type { Db } from "@/lib/db";
import { tokenMatches } from "../http/authenticate";
import { newSecret, sha256 } from "../ids";
import type { ProxyLinkClaims } from "../proxy-sessions";
import { proxySessions } from "../schema";
import { verifyLink } from "../signing";
import { spendToken } from "../spent-tokens";
import type { CookieJar } from "tough-cookie";
import { jarState, loadJar } from "./cookie-jar";

/** How long a proxy session lasts after its link is opened; its cookie jar goes with it. */
export const PROXY_SESSION_TTL_MS = 4 * 3_600_000;

export type ProxySession = typeof proxySessions.$inferSelect;

export type StartedProxySession = { ok: true; session: ProxySession; cookie: string } | { ok: false; reason: "expired" | "invalid" | "spent" };

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
    if (!(await spendToken(tx, `proxy:${id}`, new Date((claims.exp ?? 0) * 1000)))) return { ok: false, reason: "spent" };
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

/** The live proxy session `id` whose secret `cookie` is; undefined for a wrong, missing or expired one. */
export async function proxySessionFor(db: Db, id: string, cookie: string | undefined, now = new Date()): Promise<ProxySession | undefined> {
  if (!cookie) return undefined;
  const [session] = await db
    .select()
    .from(proxySessions)
    .where(and(eq(proxySessions.id, id), gt(proxySessions.expiresAt, now)));
  return session && tokenMatches(cookie, session.cookieHash) ? session : undefined;
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
    if (change(jar))
      await tx
        .update(proxySessions)
        .set({ cookieJar: jarState(jar) })
        .where(eq(proxySessions.id, id));
  });
}

/** Ends expired proxy sessions: their rows, cookie jars included, are deleted. */
export async function sweepProxySessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(proxySessions).where(lt(proxySessions.expiresAt, now));
}
