import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { forgetConsoleUser } from "./enabled-users";
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
  const [admin] = await db
    .insert(consoleUsers)
    .values({ id: newUserId(), email: email.toLowerCase(), name: "Admin", role: "admin", passwordHash })
    .onConflictDoUpdate({
      target: consoleUsers.email,
      set: { passwordHash, role: "admin", disabledAt: null, updatedAt: new Date() },
    })
    .returning({ id: consoleUsers.id });
  forgetConsoleUser(admin.id);
}
