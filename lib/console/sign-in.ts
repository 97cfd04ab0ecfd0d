import type { Db } from "@/lib/db";
import { countSignInFailures, recordAudit } from "./audit";
import { DUMMY_HASH, verifyPassword } from "./passwords";
import { findUserByEmail, type ConsoleUser } from "./users";

export const SIGN_IN_LIMIT = { failures: 10, windowMs: 15 * 60_000 };

export class SignInError extends Error {
  constructor(
    message: string,
    readonly reason: "invalid" | "throttled" | "disabled",
  ) {
    super(message);
    this.name = "SignInError";
  }
}

/**
 * Checks an email and password, records the attempt in the audit log, and refuses an email after too
 * many recent failures (whatever the password) until the oldest of them leaves the window.
 */
export async function signIn(db: Db, input: { email: string; password: string; ip: string | null }, now = new Date()): Promise<ConsoleUser> {
  const email = input.email.trim().toLowerCase();
  const { failures, oldest } = await countSignInFailures(db, email, new Date(now.getTime() - SIGN_IN_LIMIT.windowMs));
  const fail = async (reason: SignInError["reason"], message: string, actorId?: string) => {
    await recordAudit(db, { at: now, action: "sign_in", outcome: "failure", actorId, actorEmail: email, ip: input.ip, detail: { reason } });
    return new SignInError(message, reason);
  };

  if (failures >= SIGN_IN_LIMIT.failures) {
    const waitMs = (oldest ? oldest.getTime() + SIGN_IN_LIMIT.windowMs : now.getTime() + SIGN_IN_LIMIT.windowMs) - now.getTime();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw await fail("throttled", `Too many failed attempts for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }

  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !matches) throw await fail("invalid", "Email or password is incorrect.", user?.id);
  if (user.disabledAt) throw await fail("disabled", "This account is disabled. Ask an admin to enable it.", user.id);

  await recordAudit(db, { at: now, action: "sign_in", actorId: user.id, actorEmail: email, ip: input.ip });
  return user;
}
