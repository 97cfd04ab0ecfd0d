import { and, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { newLookupCode } from "../ids";
import { visitors } from "../schema";

// Taken per team for the rest of the transaction, so two app nodes never hand out the same code at once.
const LOOKUP_LOCK_KEY = 7_401_002;
const RANDOM_TRIES = 8;

/**
 * At most this many online visitors behind one address hold a code at a time: a flood of registrations
 * from one place (rate-limited too) cannot take the team's 10,000 codes. Visitors past it get none.
 */
export const MAX_CODES_PER_ADDRESS = 50;

/** Codes held by the team's other online visitors (an offline visitor's code may be reused), and how many of them share `address`. */
async function takenCodes(tx: Tx, teamId: string, shortId: string, address: string, now: Date): Promise<{ codes: Set<string>; atAddress: number }> {
  const rows = await tx
    .select({ code: visitors.lookupCode, ipAddress: visitors.ipAddress })
    .from(visitors)
    .where(and(eq(visitors.teamId, teamId), gt(visitors.onlineUntil, now), isNotNull(visitors.lookupCode), ne(visitors.shortId, shortId)));
  return { codes: new Set(rows.map((row) => row.code!)), atAddress: rows.filter((row) => address !== "" && row.ipAddress === address).length };
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
 * it a free one; null when all 10,000 are taken, or when MAX_CODES_PER_ADDRESS others behind its address
 * hold one. Call inside the transaction that makes it online.
 */
export async function assignLookupCode(tx: Tx, teamId: string, shortId: string, current: string | null, address: string, now: Date): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK_KEY}, hashtext(${teamId}))`);
  const taken = await takenCodes(tx, teamId, shortId, address, now);
  if (current && !taken.codes.has(current)) return current;
  const code = taken.atAddress >= MAX_CODES_PER_ADDRESS ? null : pickFreeCode(taken.codes);
  await tx.update(visitors).set({ lookupCode: code }).where(eq(visitors.shortId, shortId));
  return code;
}
