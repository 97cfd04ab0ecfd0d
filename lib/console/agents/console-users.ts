import "server-only";
import { asc } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { consoleUsers } from "@/lib/console/schema";
import type { Role } from "@/lib/console/auth/roles";

export interface ConsoleMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
}

/** The console's users (never their password hashes), by name. */
export async function listConsoleMembers(db: Db): Promise<ConsoleMember[]> {
  const rows = await db
    .select({ id: consoleUsers.id, email: consoleUsers.email, name: consoleUsers.name, role: consoleUsers.role, disabledAt: consoleUsers.disabledAt })
    .from(consoleUsers)
    .orderBy(asc(consoleUsers.name), asc(consoleUsers.email));
  return rows.map(({ disabledAt, ...row }) => ({ ...row, disabled: disabledAt !== null }));
}
