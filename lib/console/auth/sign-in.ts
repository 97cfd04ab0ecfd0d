import type { Db } from "@/lib/db";
import { PasswordsBusyError, DUMMY_HASH, verifyPassword } from "../users/passwords";
import { inMinutes, reserveSignInAttempt, settleSignInAttempt } from "./sign-in-attempts";
import { findUserByEmail, type ConsoleUser } from "../users/users";

export { addressSignInLimit, SIGN_IN_LIMIT } from "./sign-in-attempts";

export class SignInError extends Error {
  constructor(
    message: string,
    readonly reason: "invalid" | "throttled" | "disabled" | "busy",
  ) {
    super(message);
    this.name = "SignInError";
  }
}

/**
 * Checks an email and password and records the attempt in the audit log. An email, or a client address,
 * with too many recent failures is refused (whatever the password) until the oldest of them leaves the
 * window; the password is checked off the server's thread, and a full queue of checks refuses too.
 */
export async function signIn(db: Db, input: { email: string; password: string; ip: string | null }, now = new Date()): Promise<ConsoleUser> {
  const email = input.email.trim().toLowerCase();
  const reservation = await reserveSignInAttempt(db, { email, ip: input.ip }, now);
  if ("refusedBy" in reservation) {
    const from = reservation.refusedBy === "email" ? "for this email" : "from your network address";
    throw new SignInError(`Too many failed attempts ${from}. Try again in ${inMinutes(reservation.retryInMs)}.`, "throttled");
  }
  const settle = (result: Parameters<typeof settleSignInAttempt>[2]) => settleSignInAttempt(db, reservation.id, result);

  const user = await findUserByEmail(db, email);
  let matches: boolean;
  try {
    matches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  } catch (error) {
    if (!(error instanceof PasswordsBusyError)) throw error;
    await settle({ outcome: "failure", reason: "busy", actorId: user?.id });
    throw new SignInError(error.message, "busy");
  }
  if (!user || !matches) {
    await settle({ outcome: "failure", reason: "invalid", actorId: user?.id });
    throw new SignInError("Email or password is incorrect.", "invalid");
  }
  if (user.disabledAt) {
    await settle({ outcome: "failure", reason: "disabled", actorId: user.id });
    throw new SignInError("This account is disabled. Ask an admin to enable it.", "disabled");
  }
  await settle({ outcome: "success", actorId: user.id });
  return user;
}
