import "server-only";
import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { authOptions } from "./auth-options";
import { hasRole, type Role } from "./roles";
import { isWithinAbsoluteLimit } from "./session-limits";
import { findUserById } from "./users";

export interface Caller {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export class AuthError extends Error {
  constructor(readonly status: 401 | 403) {
    super(status === 401 ? "Sign in to continue." : "Your role does not allow this.");
    this.name = "AuthError";
  }
}

/**
 * Who is calling, from the signed session cookie and the users table (so a disabled user or a changed
 * role takes effect at once). The security boundary of every page, action and console route handler:
 * `proxy.ts` only redirects anonymous page views. Read once per request (React `cache`): the layout and
 * the page share one lookup.
 */
export const getCaller = cache(async (): Promise<Caller | null> => {
  const session = await getServerSession(authOptions());
  if (!session?.user?.id || !isWithinAbsoluteLimit(session.signedInAt)) return null;
  const user = await findUserById(await getDb(), session.user.id);
  if (!user || user.disabledAt) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});

/** For server actions and route handlers: the caller, or an AuthError (401 anonymous, 403 wrong role). */
export async function requireCaller(role: Role = "agent"): Promise<Caller> {
  const caller = await getCaller();
  if (!caller) throw new AuthError(401);
  if (!hasRole(caller.role, role)) throw new AuthError(403);
  return caller;
}

/** For pages: anonymous callers go to the sign-in page, callers without the role get the 403 page. */
export async function requirePageCaller(role: Role = "agent"): Promise<Caller> {
  const caller = await getCaller();
  if (!caller) redirect("/login");
  if (!hasRole(caller.role, role)) forbidden();
  return caller;
}
