import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import type { Role } from "../auth/roles";
import { consoleUsers } from "../schema";
import { forgetConsoleUser } from "../users/enabled-users";

export interface ConsoleUserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabledAt: Date | null;
  createdAt: Date;
}

/** Why a change to a user is refused; the message is what the admin reads. */
export class UserChangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UserChangeError";
  }
}

export async function listConsoleUsers(db: Db): Promise<ConsoleUserRow[]> {
  return db
    .select({
      id: consoleUsers.id,
      email: consoleUsers.email,
      name: consoleUsers.name,
      role: consoleUsers.role,
      disabledAt: consoleUsers.disabledAt,
      createdAt: consoleUsers.createdAt,
    })
    .from(consoleUsers)
    .orderBy(asc(consoleUsers.name), asc(consoleUsers.email));
}

/** The break-glass admin (ADMIN_EMAIL) belongs to the server's configuration: no console user changes it. */
export const BREAK_GLASS_REFUSAL =
  "This is the break-glass admin, set by the server's ADMIN_EMAIL and ADMIN_PASSWORD: it is changed there, not from the console.";

/** Who makes a change: their id, and the break-glass admin's email (ADMIN_EMAIL) when one is configured. */
export interface ChangeActor {
  id: string;
  breakGlassEmail: string | null;
}

/**
 * Runs a change to one user under a table lock, after checking the rules every change obeys: an admin
 * cannot demote or disable themself, one enabled admin always remains, and the break-glass admin is
 * nobody's to change (an admin made by the identity provider's groups could otherwise lock out the one
 * account that works when the provider does not). The lock makes two admins demoting each other at once
 * wait in turn, so they cannot both succeed.
 */
async function changeUser(
  db: Db,
  actor: ChangeActor,
  userId: string,
  change: { role?: Role; disabled?: boolean },
): Promise<{ email: string; before: { role: Role; disabled: boolean } }> {
  const actorId = actor.id;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${consoleUsers} in share row exclusive mode`);
      const [user] = await tx.select().from(consoleUsers).where(eq(consoleUsers.id, userId));
      if (!user) throw new UserChangeError("This user no longer exists.");
      if (actor.breakGlassEmail && user.email === actor.breakGlassEmail.toLowerCase()) throw new UserChangeError(BREAK_GLASS_REFUSAL);
      if (userId === actorId && change.disabled) throw new UserChangeError("You cannot disable your own account.");
      if (userId === actorId && change.role && change.role !== "admin") throw new UserChangeError("You cannot remove your own admin role.");
      const losesAdmin = user.role === "admin" && !user.disabledAt && (change.disabled === true || (change.role !== undefined && change.role !== "admin"));
      if (losesAdmin && (await otherEnabledAdmins(tx, userId)) === 0) throw new UserChangeError("At least one enabled admin must remain.");
      await tx
        .update(consoleUsers)
        .set({
          ...(change.role ? { role: change.role } : {}),
          ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (user.disabledAt ?? new Date()) : null }),
          updatedAt: new Date(),
        })
        .where(eq(consoleUsers.id, userId));
      return { email: user.email, before: { role: user.role, disabled: user.disabledAt !== null } };
    });
  } finally {
    // Committed or refused, the caller check reads the user afresh (lib/console/users/enabled-users.ts).
    forgetConsoleUser(userId);
  }
}

async function otherEnabledAdmins(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.role, "admin"), isNull(consoleUsers.disabledAt), ne(consoleUsers.id, userId)));
  return Number(row.n);
}

export function changeUserRole(db: Db, actor: ChangeActor, userId: string, role: Role) {
  return changeUser(db, actor, userId, { role });
}

export function setUserDisabled(db: Db, actor: ChangeActor, userId: string, disabled: boolean) {
  return changeUser(db, actor, userId, { disabled });
}
