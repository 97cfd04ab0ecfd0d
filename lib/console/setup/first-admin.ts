import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { publicFormRefusal } from "../auth/sign-in-attempts";
import { PasswordsBusyError, PUBLIC_FORM_BUSY } from "../users/passwords";
import { createFirstAdmin, type ConsoleUser } from "../users/users";

export const FIRST_ADMIN_CREATED = "first_admin_created";

/**
 * The setup form's work: a client address with too many refused submissions is refused first (as
 * sign-in's throttle), then any submission once a user exists, before a password is hashed. Every
 * outcome is audited; a refusal names what the person reads.
 */
export async function setUpFirstAdmin(
  db: Db,
  input: { name: string; email: string; password: string },
  ip: string | null,
): Promise<{ admin: ConsoleUser } | { error: string }> {
  const refusal = await publicFormRefusal(db, FIRST_ADMIN_CREATED, ip);
  if (refusal) return { error: refusal };
  let admin: ConsoleUser | undefined;
  try {
    admin = await createFirstAdmin(db, input);
  } catch (error) {
    if (error instanceof PasswordsBusyError) return { error: PUBLIC_FORM_BUSY };
    throw error;
  }
  if (!admin) {
    await recordAudit(db, { action: FIRST_ADMIN_CREATED, outcome: "failure", target: input.email, ip, detail: { reason: "users_exist" } });
    return { error: "An admin already exists. Reload the page and sign in." };
  }
  await recordAudit(db, { action: FIRST_ADMIN_CREATED, actorId: admin.id, actorEmail: admin.email, target: admin.email, ip });
  return { admin };
}
