import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "../../audit/record";
import { consoleUsers } from "../schema";
import { forgetConsoleUser } from "../users/enabled-users";
import { newUserId, type ConsoleUser } from "../users/users";
import { evaluateClaims, type RoleMapping, type SsoIdentity, type SsoRefusal } from "./claims";
import type { SsoConfig } from "./config";

/** The audit action of every single sign-on, kept apart from password sign-ins (which drive their throttle). */
export const SSO_SIGN_IN_ACTION = "sso_sign_in";

export type SsoSignInResult = { user: ConsoleUser } | { refusal: SsoRefusal };

/** What decides a single sign-on besides the claims: the role mapping, and the account kept out of it. */
export type SsoPolicy = RoleMapping & Pick<SsoConfig, "breakGlassEmail">;

interface Attempt {
  /** The issuer of the verified id_token. */
  issuer: string;
  /** The id_token's claims merged with the provider's userinfo. */
  claims: Record<string, unknown>;
  ip: string | null;
}

type Found = { user: ConsoleUser; link: boolean } | { linkedElsewhere: ConsoleUser } | null;

/**
 * The console user the provider's subject is tied to; else the user with the same (verified) email, to be
 * tied to it now, unless that user is already tied to another subject of this issuer (an email handed on
 * to someone else at the company does not inherit the account).
 */
async function findUser(tx: Tx, issuer: string, identity: SsoIdentity): Promise<Found> {
  const [bySubject] = await tx
    .select()
    .from(consoleUsers)
    .where(and(eq(consoleUsers.oidcIssuer, issuer), eq(consoleUsers.oidcSubject, identity.subject)));
  if (bySubject) return { user: bySubject, link: false };
  const [byEmail] = await tx.select().from(consoleUsers).where(eq(consoleUsers.email, identity.email));
  if (!byEmail) return null;
  if (byEmail.oidcIssuer === issuer && byEmail.oidcSubject) return { linkedElsewhere: byEmail };
  return { user: byEmail, link: true };
}

/**
 * Signs in a user the provider vouched for: checks the claims (domain first), then creates the console
 * user on first sign-in or updates its name, email and role from the provider; a user disabled in the
 * console is refused whatever the provider says. Every outcome is audited with its reason. One
 * transaction, holding a lock per email, so two first sign-ins of one person create one user.
 *
 * The break-glass admin (ADMIN_EMAIL) is refused, by email or by a subject tied to it earlier: it is the
 * way in when the provider fails or is taken over, so the provider must never sign in as it, nor
 * rename or demote it (its role would hold until the next start restores it).
 */
export async function ssoSignIn(db: Db, attempt: Attempt, policy: SsoPolicy, now = new Date()): Promise<SsoSignInResult> {
  const audit = (executor: Pick<Db, "insert">, outcome: "success" | "failure", who: { id?: string; email?: string }, detail: Record<string, unknown>) =>
    recordAudit(executor, {
      at: now,
      action: SSO_SIGN_IN_ACTION,
      outcome,
      actorId: who.id,
      actorEmail: who.email?.slice(0, 254),
      ip: attempt.ip,
      detail: { issuer: attempt.issuer, ...detail },
    });

  const verdict = evaluateClaims(attempt.claims, policy);
  if ("refusal" in verdict) {
    await audit(db, "failure", { email: verdict.email }, { reason: verdict.refusal });
    return { refusal: verdict.refusal };
  }
  const identity = verdict.identity;
  const isBreakGlass = (email: string) => policy.breakGlassEmail !== null && email === policy.breakGlassEmail;
  if (isBreakGlass(identity.email)) {
    await audit(db, "failure", { email: identity.email }, { reason: "break_glass" });
    return { refusal: "break_glass" };
  }

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tandem.sso:${identity.email}`}))`);
    const found = await findUser(tx, attempt.issuer, identity);
    if (found && "linkedElsewhere" in found) {
      await audit(tx, "failure", { id: found.linkedElsewhere.id, email: identity.email }, { reason: "linked_elsewhere" });
      return { refusal: "linked_elsewhere" as const };
    }
    if (found && isBreakGlass(found.user.email)) {
      await audit(tx, "failure", { id: found.user.id, email: found.user.email }, { reason: "break_glass" });
      return { refusal: "break_glass" as const };
    }
    if (found?.user.disabledAt) {
      await audit(tx, "failure", { id: found.user.id, email: found.user.email }, { reason: "disabled" });
      return { refusal: "disabled" as const };
    }

    if (!found) {
      const [created] = await tx
        .insert(consoleUsers)
        .values({
          id: newUserId(),
          email: identity.email,
          name: identity.name,
          role: identity.role,
          passwordHash: null,
          oidcIssuer: attempt.issuer,
          oidcSubject: identity.subject,
        })
        .returning();
      await audit(tx, "success", created, { role: created.role, created: true });
      return { user: created };
    }

    // The provider's email wins, unless another console user already has it.
    const [emailTaken] = await tx
      .select({ id: consoleUsers.id })
      .from(consoleUsers)
      .where(and(eq(consoleUsers.email, identity.email), ne(consoleUsers.id, found.user.id)));
    const [updated] = await tx
      .update(consoleUsers)
      .set({
        name: identity.name,
        email: emailTaken ? found.user.email : identity.email,
        role: identity.role,
        oidcIssuer: attempt.issuer,
        oidcSubject: identity.subject,
        updatedAt: now,
      })
      .where(eq(consoleUsers.id, found.user.id))
      .returning();
    const changes = {
      ...(found.link && { linked: true }),
      ...(found.user.role !== updated.role && { previousRole: found.user.role }),
    };
    await audit(tx, "success", updated, { role: updated.role, ...changes });
    return { user: updated };
  });
  // The provider may have changed the user's role: the caller check reads it afresh.
  if ("user" in result && result.user) forgetConsoleUser(result.user.id);
  return result;
}
