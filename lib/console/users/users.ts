import { randomUUID } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { preparedFor, type Db } from "@/lib/db";
import { hashPassword } from "./passwords";
import type { Role } from "../auth/roles";
import { consoleUsers } from "../schema";

export type ConsoleUser = typeof consoleUsers.$inferSelect;

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  password: string;
}

/** A new user id (the console sends it to the API as the agent id `console:<id>`). */
export const newUserId = () => `cu_${randomUUID().replaceAll("-", "")}`;

export async function findUserByEmail(db: Db, email: string): Promise<ConsoleUser | undefined> {
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.email, email.toLowerCase()));
  return user;
}

// Every console request reads it: prepared once, only the columns a caller needs, disabled users left out,
// and so are sessions signed in before the user's password last changed.
const enabledUserById = preparedFor((db) =>
  db
    .select({ id: consoleUsers.id, email: consoleUsers.email, name: consoleUsers.name, role: consoleUsers.role })
    .from(consoleUsers)
    .where(
      and(
        eq(consoleUsers.id, sql.placeholder("id")),
        isNull(consoleUsers.disabledAt),
        sql`coalesce(${consoleUsers.sessionsValidAfter}, '-infinity') <= ${sql.placeholder("signedInAt")}::timestamptz`,
      ),
    )
    .prepare("console_enabled_user_by_id_v2"),
);

/**
 * The user as the caller check needs them, read now: undefined when disabled, or when the session was
 * signed in (`signedInAt`, ms) before a password change or reset ended the user's sessions.
 */
export async function findEnabledUser(db: Db, id: string, signedInAt?: number): Promise<Pick<ConsoleUser, "id" | "email" | "name" | "role"> | undefined> {
  const [user] = await enabledUserById(db).execute({ id, signedInAt: signedInAt === undefined ? "infinity" : new Date(signedInAt).toISOString() });
  return user;
}

export async function countUsers(db: Pick<Db, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(consoleUsers);
  return Number(row.n);
}

export async function createUser(db: Db, user: NewUser): Promise<ConsoleUser> {
  const [created] = await db
    .insert(consoleUsers)
    .values({ id: newUserId(), email: user.email.toLowerCase(), name: user.name, role: user.role, passwordHash: await hashPassword(user.password) })
    .returning();
  return created;
}

/**
 * Creates the first admin, only while no user exists. Anyone may ask (the setup form is public), so the
 * password is hashed only once no user is found, in the pool's lane for public forms; the table lock then
 * makes two people racing through the setup page on PostgreSQL wait for each other, so only one becomes
 * admin. Returns undefined when a user already existed.
 */
export async function createFirstAdmin(db: Db, user: Omit<NewUser, "role">): Promise<ConsoleUser | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const passwordHash = await hashPassword(user.password, "public");
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${consoleUsers} in share row exclusive mode`);
    if ((await countUsers(tx)) > 0) return undefined;
    const [created] = await tx
      .insert(consoleUsers)
      .values({ id: newUserId(), email: user.email.toLowerCase(), name: user.name, role: "admin", passwordHash })
      .returning();
    return created;
  });
}

/** Makes sure the configured admin exists with this password and the admin role (ADMIN_EMAIL/ADMIN_PASSWORD). */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .insert(consoleUsers)
    .values({ id: newUserId(), email: email.toLowerCase(), name: "Admin", role: "admin", passwordHash })
    .onConflictDoUpdate({
      target: consoleUsers.email,
      set: { passwordHash, role: "admin", disabledAt: null, updatedAt: new Date() },
    });
}
