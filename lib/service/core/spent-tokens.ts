import { lt } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { spentTokens } from "./schema";

/**
 * Marks a single-use token spent, inside the transaction that uses it: false when it already was (a
 * parallel use waits on the row and then finds it). The row is kept until the token would have expired.
 */
export async function spendToken(tx: Tx, id: string, expiresAt: Date): Promise<boolean> {
  const spent = await tx.insert(spentTokens).values({ id, expiresAt }).onConflictDoNothing({ target: spentTokens.id }).returning({ id: spentTokens.id });
  return spent.length > 0;
}

/** Forgets spent tokens that have expired anyway: their signature check refuses them from now on. */
export async function sweepSpentTokens(db: Db): Promise<void> {
  await db.delete(spentTokens).where(lt(spentTokens.expiresAt, new Date()));
}
