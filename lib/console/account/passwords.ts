import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "../../audit/record";
import { publicFormRefusal } from "../auth/sign-in-attempts";
import { forgetConsoleUser } from "../users/enabled-users";
import { hashPassword, PasswordsBusyError, PUBLIC_FORM_BUSY, verifyPassword } from "../users/passwords";
import { auditEvents } from "@/lib/audit/schema";
import { consoleUsers, passwordResets } from "../schema";
import { BREAK_GLASS_REFUSAL } from "../settings/console-users";

/** The same floor as creating a user. */
export const MIN_PASSWORD_LENGTH = 12;
export const RESET_LINK_TTL_MS = 24 * 60 * 60_000;
/** Wrong current passwords one user may give in a window, as many as sign-in allows one email. */
export const CHANGE_LIMIT = { failures: 10, windowMs: 15 * 60_000 };

export const PASSWORD_CHANGED = "password_changed";
export const RESET_LINK_CREATED = "password_reset_link_created";
export const RESET_USED = "password_reset_used";

/** Why a password change or reset is refused; the message is what the person reads. */
export class PasswordChangeError extends Error {
  constructor(
    message: string,
    readonly field: "current" | "token" | "user" = "user",
  ) {
    super(message);
    this.name = "PasswordChangeError";
  }
}

export const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new password, and the end of every session signed in before now (once committed: `forgetConsoleUser`). */
async function setPassword(db: Pick<Db, "update">, userId: string, passwordHash: string, now: Date) {
  await db.update(consoleUsers).set({ passwordHash, sessionsValidAfter: now, updatedAt: now }).where(eq(consoleUsers.id, userId));
}

async function recentWrongPasswords(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, PASSWORD_CHANGED),
        eq(auditEvents.outcome, "failure"),
        eq(auditEvents.actorId, userId),
        gt(auditEvents.at, new Date(now.getTime() - CHANGE_LIMIT.windowMs)),
        sql`${auditEvents.detail}->>'reason' = 'invalid'`,
      ),
    );
  return Number(row.n);
}

/**
 * Changes the caller's own password after checking the current one. Wrong current passwords are audited
 * and counted: past the limit the change is refused whatever was typed, so a left-open session cannot be
 * used to guess the password. Every session of the user, this one included, ends.
 */
export async function changeOwnPassword(
  db: Db,
  input: { userId: string; email: string; current: string; next: string; ip: string | null },
  now = new Date(),
): Promise<void> {
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    recordAudit(db, { at: now, actorId: input.userId, actorEmail: input.email, action: PASSWORD_CHANGED, outcome, target: input.userId, detail, ip: input.ip });
  if ((await recentWrongPasswords(db, input.userId, now)) >= CHANGE_LIMIT.failures) {
    await audit("failure", { reason: "throttled" });
    throw new PasswordChangeError("Too many wrong passwords. Try again in 15 minutes.", "current");
  }
  const [user] = await db.select({ passwordHash: consoleUsers.passwordHash }).from(consoleUsers).where(eq(consoleUsers.id, input.userId));
  if (!user?.passwordHash) throw new PasswordChangeError("This account signs in with single sign-on; it has no password to change.");
  if (!(await verifyPassword(input.current, user.passwordHash))) {
    await audit("failure", { reason: "invalid" });
    throw new PasswordChangeError("The current password is incorrect.", "current");
  }
  await setPassword(db, input.userId, await hashPassword(input.next), now);
  forgetConsoleUser(input.userId);
  await audit("success", {});
}

/**
 * A one-time reset link's token for a user (256 random bits; only its hash is stored). Links the user had
 * not used yet stop working: only the newest one opens.
 */
export async function createResetToken(
  db: Db,
  input: { userId: string; createdBy: string; passwordAllowed?: (email: string) => boolean; breakGlassEmail?: string | null },
  now = new Date(),
) {
  const [user] = await db.select({ email: consoleUsers.email, name: consoleUsers.name }).from(consoleUsers).where(eq(consoleUsers.id, input.userId));
  if (!user) throw new PasswordChangeError("This user no longer exists.");
  // Its password is ADMIN_PASSWORD: a link would let whoever holds it take the account that works when single sign-on does not.
  if (input.breakGlassEmail && user.email === input.breakGlassEmail.toLowerCase()) throw new PasswordChangeError(BREAK_GLASS_REFUSAL);
  if (input.passwordAllowed && !input.passwordAllowed(user.email)) {
    throw new PasswordChangeError("Password sign-in is turned off: this user signs in with single sign-on.");
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, input.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ tokenHash: hashResetToken(token), userId: input.userId, createdBy: input.createdBy, createdAt: now, expiresAt });
  });
  return { token, expiresAt, email: user.email, name: user.name };
}

/** Whether a reset link can still be used (for the page, before the form is filled in). */
export async function resetTokenUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashResetToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
  return row !== undefined;
}

const INVALID_LINK = "This link is invalid, has expired or was already used. Ask an admin for a new one.";

/**
 * Sets a new password through a reset link. Public, so nothing costly comes before the checks: a client
 * address with too many failed links is refused first, then a link that is not usable, and only then is
 * the password hashed (in the pool's lane for public forms). The link is spent in the same statement
 * that checks it again (so two submissions cannot both use it), and every session of the user ends.
 * Signs nobody in.
 */
export async function useResetToken(db: Db, input: { token: string; password: string; ip: string | null }, now = new Date()): Promise<{ userId: string }> {
  const refusal = await publicFormRefusal(db, RESET_USED, input.ip, now);
  if (refusal) throw new PasswordChangeError(refusal, "token");
  const refuse = async (): Promise<never> => {
    await recordAudit(db, { at: now, action: RESET_USED, outcome: "failure", ip: input.ip, detail: { reason: "invalid_link" } });
    throw new PasswordChangeError(INVALID_LINK, "token");
  };
  if (!(await resetTokenUsable(db, input.token, now))) return refuse();
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password, "public");
  } catch (error) {
    if (error instanceof PasswordsBusyError) throw new PasswordChangeError(PUBLIC_FORM_BUSY);
    throw error;
  }
  const userId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashResetToken(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!spent) return undefined;
    await setPassword(tx, spent.userId, passwordHash, now);
    const [user] = await tx.select({ email: consoleUsers.email }).from(consoleUsers).where(eq(consoleUsers.id, spent.userId));
    await recordAudit(tx, { at: now, actorId: spent.userId, actorEmail: user?.email, action: RESET_USED, target: spent.userId, ip: input.ip });
    return spent.userId;
  });
  if (!userId) return refuse();
  forgetConsoleUser(userId);
  return { userId };
}

/** Whether the user has a password (a user created through single sign-on may have none). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ hash: consoleUsers.passwordHash }).from(consoleUsers).where(eq(consoleUsers.id, userId));
  return Boolean(row?.hash);
}
