import { and, count, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { newLookupCode } from "../../core/ids";
import { processCache } from "@/lib/process-cache";
import { visitors } from "../../core/schema";

// Taken per team for the rest of the transaction, so two app nodes never hand out the same code at once.
const LOOKUP_LOCK_KEY = 7_401_002;
const RANDOM_TRIES = 16;
/** After a full count found every code taken, draws alone decide for this long: no count per assignment. */
const EXHAUSTED_MS = 10_000;
const exhaustedTeams = () => processCache<{ at: number }>("lookup-codes-exhausted", EXHAUSTED_MS);

/**
 * At most this many online visitors behind one address hold a code at a time: a flood of registrations
 * from one place (rate-limited too) cannot take the team's 10,000 codes. Visitors past it get none.
 */
export const MAX_CODES_PER_ADDRESS = 50;

/** The team's other visitors online now and holding a code (an offline visitor's code may be reused). */
const othersOnlineWithCode = (teamId: string, shortId: string, now: Date) =>
  and(eq(visitors.teamId, teamId), ne(visitors.shortId, shortId), gt(visitors.onlineUntil, now), isNotNull(visitors.lookupCode));

/** One index lookup: is `code` held by another online visitor of the team? */
async function codeTaken(tx: Tx, teamId: string, shortId: string, code: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(visitors)
    .where(and(othersOnlineWithCode(teamId, shortId, now), eq(visitors.lookupCode, code)))
    .limit(1);
  return row !== undefined;
}

async function codesAtAddress(tx: Tx, teamId: string, shortId: string, address: string, now: Date): Promise<number> {
  if (!address) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(visitors)
    .where(and(othersOnlineWithCode(teamId, shortId, now), eq(visitors.ipAddress, address)));
  return Number(row.n);
}

/**
 * A free code: random draws first, each one index lookup. When they all hit taken codes, nearly all are
 * taken: a choice among the free ones, found by reading every code in use, unless such a reading found
 * none lately (a team with more online visitors than codes would read them at every assignment).
 */
async function freeCode(tx: Tx, teamId: string, shortId: string, now: Date): Promise<string | null> {
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const code = newLookupCode();
    if (!(await codeTaken(tx, teamId, shortId, code, now))) return code;
  }
  if (exhaustedTeams().has(teamId)) return null;
  const rows = await tx
    .select({ code: visitors.lookupCode })
    .from(visitors)
    .where(othersOnlineWithCode(teamId, shortId, now));
  const taken = new Set(rows.map((row) => row.code));
  const free = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, "0")).filter((code) => !taken.has(code));
  if (!free.length) exhaustedTeams().set(teamId, { at: now.getTime() });
  return free.length ? free[Math.floor(Math.random() * free.length)] : null;
}

/**
 * Keeps the visitor's 4-digit lookup code when no other online visitor of its team holds it, else gives
 * it a free one; null when all 10,000 are taken, or when MAX_CODES_PER_ADDRESS others behind its address
 * hold one. Call inside the transaction that makes it online.
 */
export async function assignLookupCode(tx: Tx, teamId: string, shortId: string, current: string | null, address: string, now: Date): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK_KEY}, hashtext(${teamId}))`);
  if (current && !(await codeTaken(tx, teamId, shortId, current, now))) return current;
  const code = (await codesAtAddress(tx, teamId, shortId, address, now)) >= MAX_CODES_PER_ADDRESS ? null : await freeCode(tx, teamId, shortId, now);
  if (code !== current) await tx.update(visitors).set({ lookupCode: code }).where(eq(visitors.shortId, shortId));
  return code;
}
