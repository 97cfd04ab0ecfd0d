import "server-only";
import { getToken } from "next-auth/jwt";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { AuthError } from "./auth-error";
import { authOptions } from "./auth-options";
import { hasRole, type Role } from "./roles";
import { decodeSessionToken } from "./session-decode";
import { isWithinAbsoluteLimit } from "./session-limits";
import type { ConsolePage } from "../pages";
import { findEnabledUser } from "../users/enabled-users";

export interface Caller {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * The signed-in session's claims, decrypted and checked (signature, expiry) from the session cookie
 * only. Not getServerSession: that also re-encrypts a renewed token, which a page or an action cannot
 * set (the session is renewed through /api/auth/session), two HKDF derivations and an encryption spent
 * for nothing on every request. No Authorization header is read: the cookie is the console's one credential.
 */
async function sessionToken() {
  const jar = await cookies();
  const req = { cookies: Object.fromEntries(jar.getAll().map((cookie) => [cookie.name, cookie.value])), headers: {} };
  return getToken({ req: req as unknown as Parameters<typeof getToken>[0]["req"], secret: authOptions().secret, decode: decodeSessionToken });
}

/**
 * Who is calling, from the signed session cookie and the users table (so a disabled user, a changed
 * role or a changed password takes effect at once on this node, on the others within USER_TRUSTED_MS). The security boundary of every page, action and console route handler:
 * `proxy.ts` only redirects anonymous page views. Read once per request (React `cache`): the layout and
 * the page share one lookup.
 */
export const getCaller = cache(async (): Promise<Caller | null> => {
  const token = await sessionToken();
  if (!token?.sub || !isWithinAbsoluteLimit(token.signedInAt)) return null;
  const user = await findEnabledUser(await getDb(), token.sub, Number(token.signedInAt ?? 0));
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});

/** For server actions and route handlers: the caller, or an AuthError (401 anonymous, 403 wrong role). */
export async function requireCaller(role: Role = "agent"): Promise<Caller> {
  const caller = await getCaller();
  if (!caller) throw new AuthError(401);
  if (!hasRole(caller.role, role)) throw new AuthError(403);
  return caller;
}

/**
 * For pages: anonymous callers go to the sign-in page, callers without the page's role (lib/console/pages.ts)
 * get the 403 page. Without a page, any signed-in caller.
 */
export async function requirePage(page?: ConsolePage): Promise<Caller> {
  const caller = await getCaller();
  if (!caller) redirect("/login");
  if (page && !hasRole(caller.role, page.role)) forbidden();
  return caller;
}
