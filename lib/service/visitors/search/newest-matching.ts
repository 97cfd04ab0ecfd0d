import { createHash } from "node:crypto";
import { and, asc, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { driverRows, type BuiltQuery, type Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import { holdsAnyHourKey, type Keyed } from "./keyed";
import { recentTraffic } from "./search-statistics";

/** Visitors are kept 30 days: no hour keys are older. */
const KEPT_HOURS = 30 * 24;
const HOUR_MS = 3_600_000;
/** The most hour keys one statement looks up; past them, the plain lists. */
const MAX_HOUR_KEYS = 4_000;
/** Each next window of hours is this many times longer than the last. */
const WIDER = 4;
/**
 * Walking the newest visitors is tried while it expects to pass no more than this many (a condition on
 * a third of them or more, at the default max_results)...
 */
const WALK_VISITORS = 150;
/** ...and it passes at most this many times as many before looking up the rest otherwise. */
const WALK_BOUND = 2;
/**
 * Expected to be held by no more than this many visitors, a condition is listed whole: words left out of
 * the statistics (most names) are expected at the statistics' floor, and most are held by far fewer.
 */
const LIST_VISITORS = 1_000;

/** The help queue's order (those waiting longest first), the online visitors', or the list's. */
export type ListOrder = "waiting" | "online" | "seen";
/** How a list is sorted: by a key, then the id. */
type Order = SQL[];
// By an expression, not the column: sorted after the GIN lookups, rather than by walking visitors_team_seen_idx.
const newestFirst: Order = [desc(sql`${visitors.lastSeenAt} + interval '0 s'`), asc(visitors.shortId)];
const newestFirstWalking: Order = [desc(visitors.lastSeenAt), asc(visitors.shortId)];
const longestWaiting: Order = [asc(visitors.waitingSince), asc(visitors.shortId)];

/** The most shapes of search prepared per process: each stays in every connection's memory. */
const MAX_PREPARED_SHAPES = 256;
const preparedShapes = new Set<string>();

/**
 * Runs a statement, its rows as arrays. `prepared`, under a name from its text, so that each connection
 * plans a shape of search once: only for statements whose indexes do not depend on their values (a
 * generic plan knows none: it once joined 1,000,000 entries of a team's index to 21 found by the hour
 * keys). Past MAX_PREPARED_SHAPES, a new shape is planned each time: a caller cannot fill the
 * connections with shapes.
 */
function run(db: Db, query: { toSQL(): BuiltQuery }, prepared: boolean): Promise<unknown[][]> {
  const built = query.toSQL();
  if (!prepared) return driverRows(db, built);
  const name = `search_${createHash("sha256").update(built.sql).digest("base64url").slice(0, 20)}`;
  if (!preparedShapes.has(name)) {
    if (preparedShapes.size >= MAX_PREPARED_SHAPES) return driverRows(db, built);
    preparedShapes.add(name);
  }
  return driverRows(db, built, name);
}

/** Conditions of a search: those by which an index finds the rows, and those checked on the rows found. */
type Where = { indexed: SQL[]; checked: SQL[] };

/**
 * A search's conditions other than the keyed ones; `byValues` when the best index for them depends on
 * their values (free text: a generic plan would take the trigram index even for a pattern with no
 * trigram to look up), so that their statement is planned each time.
 */
export type Conditions = { conditions: SQL[]; byValues: boolean };

/**
 * The ids of the first `limit` visitors by `order` (the rows are read whole once, by readFound), by
 * conditions `indexed` and those `checked` on the rows they find (kept from any index). Prepared (see
 * named) unless `byValues`, when the planner picks its indexes by the values each time.
 */
async function select(db: Db, where: Where, order: Order, limit: number, byValues = false): Promise<string[]> {
  const conditions = [...where.indexed, ...where.checked.map((condition) => sql`(${condition}) is true`)];
  const query = db
    .select({ shortId: visitors.shortId })
    .from(visitors)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit);
  return (await run(db, query, !byValues)).map(([shortId]) => shortId as string);
}

/** Where a walk stopped: the last visitor it passed (its time exact to the microsecond, as text, and its hour). */
type Edge = { seen: string; shortId: string; hour: number };

/** Visitors after the edge in the list's order (newest first, then by id). */
const after = (edge: Edge) =>
  sql`(${visitors.lastSeenAt} < ${edge.seen}::timestamptz or (${visitors.lastSeenAt} = ${edge.seen}::timestamptz and ${visitors.shortId} > ${edge.shortId}))`;

/**
 * The first `limit` of the team's newest `passing` visitors that meet `conditions`, and, when it passed
 * that many, where it stopped; without an edge, every visitor of the team was passed.
 */
async function walkNewest(db: Db, teamId: string, conditions: SQL[], passing: number, limit: number): Promise<{ found: string[]; edge?: Edge }> {
  const rows = await run(
    db,
    db
      .select({
        shortId: visitors.shortId,
        seen: sql`${visitors.lastSeenAt}::text`,
        hour: sql`search_hour(${visitors.lastSeenAt})`,
        meets: sql`coalesce(${and(...conditions)}, false)`,
      })
      .from(visitors)
      .where(eq(visitors.teamId, teamId))
      .orderBy(...newestFirstWalking)
      .limit(passing),
    true,
  );
  const passed = rows.map(([shortId, seen, hour, meets]) => ({ shortId: shortId as string, seen: seen as string, hour: Number(hour), meets: meets === true }));
  const found = passed
    .filter((row) => row.meets)
    .map((row) => row.shortId)
    .slice(0, limit);
  const last = passed.at(-1);
  return { found, edge: passed.length === passing && last ? { seen: last.seen, shortId: last.shortId, hour: last.hour } : undefined };
}

/**
 * The newest visitors meeting `where` and every keyed condition; by the help queue's order with
 * `waiting`. Online visitors are few: the online index finds them, and the keys are checked on their
 * rows. Otherwise, by the expected share of matches:
 * - common ones by walking the newest visitors, checking each: about limit ÷ share of them, but never
 *   more than WALK_BOUND times that (the newest may be unlike the statistics: a tag set only later, a
 *   page everyone visits today), the rest then looked up as below, older than the last one passed;
 * - by the hour keys: the last hours first, then windows WIDER times longer, until `limit` are found
 *   (each window sorted whole: all of a window are newer than the next); reading about as many rows as
 *   they find, however skewed the newest visitors are;
 * - the plain lists, sorted: every match, for the rarest (up to LIST_VISITORS expected), and for what
 *   the windows leave.
 */
export async function newestMatching(
  db: Db,
  teamId: string,
  { conditions: where, byValues }: Conditions,
  keyed: Keyed[],
  limit: number,
  order: ListOrder,
): Promise<string[]> {
  const checked = keyed.map((condition) => condition.holds(false));
  // By the indexes of `where` (the online and waiting ones among them); the keyed conditions are checked on the rows.
  if (order === "waiting") return select(db, { indexed: [...where, ...checked], checked: [] }, longestWaiting, limit, byValues);
  if (order === "online") return select(db, { indexed: [...where, ...checked], checked: [] }, newestFirst, limit, byValues);
  if (keyed.length === 0) return select(db, { indexed: where, checked: [] }, newestFirstWalking, limit, byValues);
  const share = keyed.reduce((product, condition) => product * condition.frequency, 1);
  const found: string[] = [];
  const bounds: SQL[] = [];
  let newest = Math.floor(Date.now() / HOUR_MS) + 1; // the current hour and the next (a clock a little ahead)
  if (limit / share <= WALK_VISITORS) {
    const walked = await walkNewest(db, teamId, [...where, ...checked], Math.ceil((WALK_BOUND * limit) / share), limit);
    found.push(...walked.found);
    if (found.length === limit || !walked.edge) return found;
    bounds.push(after(walked.edge));
    newest = walked.edge.hour;
  }
  const rest = () => limit - found.length;
  const traffic = await recentTraffic(db, teamId);
  const perHour = traffic.visitorsPerHour * share;
  const listing = perHour * KEPT_HOURS;
  if (listing > LIST_VISITORS && keyed.every((condition) => condition.hourKeys)) {
    const keysPerHour = keyed.reduce((sum, condition) => sum + condition.hourKeys!(0).length, 0);
    let span = 1 + Math.ceil((2 * rest()) / perHour);
    // The hours after the newest visitor (when the traffic was read) hold only those seen since: the
    // first window takes them on top of its span, rather than a quiet site's empty hours taking a window.
    let quiet = Math.max(0, newest - traffic.newestHour);
    if ((quiet + span) * keysPerHour > MAX_HOUR_KEYS) quiet = 0; // quiet for days: windows as for any site
    while (found.length < limit && span <= KEPT_HOURS && (quiet + span) * keysPerHour <= MAX_HOUR_KEYS) {
      const hours = Array.from({ length: quiet + span }, (_, i) => newest - i);
      const inWindow = keyed.map((condition) => holdsAnyHourKey(hours.flatMap(condition.hourKeys!)));
      found.push(...(await select(db, { indexed: inWindow, checked: [...where, ...bounds] }, newestFirst, rest())));
      newest -= quiet + span;
      quiet = 0;
      bounds.push(lt(visitors.lastSeenAt, new Date((newest + 1) * HOUR_MS)));
      span *= WIDER;
    }
    if (found.length === limit) return found;
  }
  const listed = keyed.map((condition) => condition.holds(true));
  return [...found, ...(await select(db, { indexed: listed, checked: [...where, ...bounds] }, newestFirst, rest()))];
}
