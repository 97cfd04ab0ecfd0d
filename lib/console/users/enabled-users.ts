import { and, eq, isNull, sql } from "drizzle-orm";
import { preparedFor, type Db } from "@/lib/db";
import { processCache } from "@/lib/process-cache";
import type { Role } from "../auth/roles";
import { consoleUsers } from "../schema";

export interface EnabledUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * How long a node trusts what it read of a console user. A change made through Tandem (disabling,
 * demoting, a password change or reset, a single sign-on's new role) applies at once on the node that
 * made it, and on the other app nodes within this bound.
 */
export const USER_TRUSTED_MS = 5_000;

type Known = EnabledUser & { sessionsValidAfter: number | null };
const known = () => processCache<Known>("console-users", USER_TRUSTED_MS, 5_000);

// Counts the changes forgotten in this process, whichever module graph made them: a read that was under
// way while a user changed must not keep what it read.
const slot = Symbol.for("tandem.console-user-changes");
const changes = globalThis as { [slot]?: number };

// Only the columns a caller needs, disabled users left out.
const enabledUserById = preparedFor((db) =>
  db
    .select({
      id: consoleUsers.id,
      email: consoleUsers.email,
      name: consoleUsers.name,
      role: consoleUsers.role,
      sessionsValidAfter: consoleUsers.sessionsValidAfter,
    })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.id, sql.placeholder("id")), isNull(consoleUsers.disabledAt)))
    .prepare("console_enabled_user_by_id_v3"),
);

/**
 * The user as the caller check needs them: undefined when disabled, or when the session was signed in
 * (`signedInAt`, ms) before a password change or reset ended the user's sessions. Every console request
 * asks, so the row is kept for USER_TRUSTED_MS: a trip to the database was a tenth of a server action.
 */
export async function findEnabledUser(db: Db, id: string, signedInAt?: number): Promise<EnabledUser | undefined> {
  let user = known().get(id);
  if (!user) {
    const changesBefore = changes[slot] ?? 0;
    const [row] = await enabledUserById(db).execute({ id });
    if (!row) return undefined;
    user = { ...row, sessionsValidAfter: row.sessionsValidAfter?.getTime() ?? null };
    if ((changes[slot] ?? 0) === changesBefore) known().set(id, user);
  }
  if (signedInAt !== undefined && user.sessionsValidAfter !== null && user.sessionsValidAfter > signedInAt) return undefined;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** After a change to a user is committed: this node reads them afresh (other nodes within USER_TRUSTED_MS). */
export function forgetConsoleUser(id: string): void {
  changes[slot] = (changes[slot] ?? 0) + 1;
  known().delete(id);
}
