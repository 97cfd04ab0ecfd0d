import { and, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { newLookupCode } from "../ids";
import { visitors } from "../schema";

// Taken per team for the rest of the transaction, so two app nodes never hand out the same code at once.
const LOOKUP_LOCK_KEY = 7_401_002;
const RANDOM_TRIES = 8;

/** Codes held by the team's other online visitors: an offline visitor's code may be reused. */
async function takenCodes(tx: Tx, teamId: string, shortId: string, now: Date): Promise<Set<string>> {
  const rows = await tx
    .select({ code: visitors.lookupCode })
    .from(visitors)
    .where(and(eq(visitors.teamId, teamId), gt(visitors.onlineUntil, now), isNotNull(visitors.lookupCode), ne(visitors.shortId, shortId)));
  return new Set(rows.map((row) => row.code!));
}

function pickFreeCode(taken: Set<string>): string | null {
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const code = newLookupCode();
    if (!taken.has(code)) return code;
  }
  // Nearly every code taken: choose among the free ones rather than guessing on.
  const free = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, "0")).filter((code) => !taken.has(code));
  return free.length ? free[Math.floor(Math.random() * free.length)] : null;
}

/**
 * Keeps the visitor's 4-digit lookup code when no other online visitor of its team holds it, else gives
 * it a free one (null only if all 10,000 are taken). Call inside the transaction that makes it online.
 */
export async function assignLookupCode(tx: Tx, teamId: string, shortId: string, current: string | null, now: Date): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK_KEY}, hashtext(${teamId}))`);
  const taken = await takenCodes(tx, teamId, shortId, now);
  if (current && !taken.has(current)) return current;
  const code = pickFreeCode(taken);
  await tx.update(visitors).set({ lookupCode: code }).where(eq(visitors.shortId, shortId));
  return code;
}
