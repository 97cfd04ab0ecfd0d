import { createHash } from "node:crypto";
import { and, asc, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { builtSql, driverRows, type BuiltQuery, type Db } from "@/lib/db";
import { ONLINE_SEEN_WITHIN, visitors } from "../../core/schema";
import { hourBlocks } from "./hour-blocks";
import { holdsAnyHourKeyIn, type Keyed } from "./keyed";
import { recentTraffic } from "./search-statistics";

/** Visitors are kept 30 days: no hour keys are older. */
const KEPT_HOURS = 30 * 24;
const HOUR_MS = 3_600_000;
/** The most hour keys one search looks up; past them, the plain lists. */
const MAX_HOUR_KEYS = 4_000;
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

// The hours an online visitor was last seen in: from ONLINE_SEEN_WITHIN ago to the next (a writer's clock a little ahead).
const onlineOldestHour = sql`search_hour(now() - ${ONLINE_SEEN_WITHIN})`;
const onlineNewestHour = sql`search_hour(now()) + 1`;

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
 * The first `limit` visitors meeting every keyed condition and `checked` among those last seen in the
 * hours of `edges` (see hourBlocks), newest first: the blocks in turn, each one's holders of the hour
 * keys sorted whole, until `limit` are found. One statement: a block holding none costs its index
 * look-ups alone, so blocks are small (about `limit` matches expected) and the newest hours being unlike
 * the statistics (new visitors without the tag, or every holder online) cost a look-up each, not the
 * sort of an ever wider window. Fewer than `limit` when every block was looked at.
 */
async function walkHours(db: Db, keyed: Keyed[], checked: SQL[], edges: number[], limit: number): Promise<string[]> {
  const edge = (offset: number) => sql`(${sql.param(edges)}::integer[])[walk.block + ${offset}]`;
  const inBlock = keyed.map((condition) => holdsAnyHourKeyIn(condition.hourSuffixes!, sql`${edge(2)} + 1`, edge(1)));
  const conditions = and(...inBlock, ...checked.map((condition) => sql`(${condition}) is true`));
  // The limit a subquery's, unseen by the planner as the hour keys are: planned for its value, the walk
  // would be planned anew at each run (its generic plan, which knows none, estimated dearer).
  const block = sql`select ${visitors.shortId} from ${visitors} where ${conditions} order by ${sql.join(newestFirst, sql`, `)} limit (select ${limit}::integer)`;
  // `offset 0`: each block is read once, rather than once for its ids and again for their count.
  const rows = await run(
    db,
    {
      toSQL: () =>
        builtSql(sql`with recursive walk(block, found, ids) as (
          select 0, 0, '{}'::text[]
          union all
          select walk.block + 1, walk.found + cardinality(next.ids), next.ids
          from walk cross join lateral (select array(${block}) as ids offset 0) as next
          where walk.found < ${limit} and walk.block + 1 < ${edges.length}
        )
        select ids from walk where block > 0 order by block`),
    },
    true,
  );
  return rows.flatMap(([ids]) => ids as string[]).slice(0, limit);
}

/**
 * Online visitors meeting `where` and every keyed condition. Online visitors were seen within the hour
 * (migration 0019's constraint): the keys held in the hours since then find the keyed conditions'
 * holders among them, and the planner ANDs those with the online index, reading only rows that are both
 * (thousands of visitors can be online). Keys without hour keys are checked on the online rows.
 */
function onlineWhere(where: SQL[], keyed: Keyed[]): Where {
  if (keyed.length === 0 || !keyed.every((condition) => condition.hourSuffixes)) {
    return { indexed: [...where, ...keyed.map((condition) => condition.holds(false))], checked: [] };
  }
  const seen = keyed.map((condition) => holdsAnyHourKeyIn(condition.hourSuffixes!, onlineOldestHour, onlineNewestHour));
  return { indexed: [...where, ...seen], checked: [] };
}

/**
 * The newest visitors meeting `where` and every keyed condition; by the help queue's order with
 * `waiting`; online ones by onlineWhere. Otherwise, by the expected share of matches:
 * - common ones by walking the newest visitors, checking each: about limit ÷ share of them, but never
 *   more than WALK_BOUND times that (the newest may be unlike the statistics: a tag set only later, a
 *   page everyone visits today), the rest then looked up as below, older than the last one passed;
 * - by the hour keys: the last hours first, a block at a time (see walkHours), reading about as many
 *   rows as they find, however skewed the newest visitors are;
 * - the plain lists, sorted: every match, for the rarest (up to LIST_VISITORS expected), and for what
 *   the hours walked leave.
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
  // By the indexes of `where` (the waiting one among them); the keyed conditions are checked on the rows.
  if (order === "waiting") return select(db, { indexed: [...where, ...checked], checked: [] }, longestWaiting, limit, byValues);
  if (order === "online") return select(db, onlineWhere(where, keyed), newestFirst, limit, byValues);
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
  const listed = () => select(db, { indexed: keyed.map((condition) => condition.holds(true)), checked: [...where, ...bounds] }, newestFirst, rest());
  if (listing > LIST_VISITORS && keyed.every((condition) => condition.hourSuffixes)) {
    const keysPerHour = keyed.reduce((sum, condition) => sum + condition.hourSuffixes!.length, 0);
    const hours = Math.min(KEPT_HOURS, Math.floor(MAX_HOUR_KEYS / keysPerHour));
    if (hours === 0) return [...found, ...(await listed())];
    // The hours after the newest visitor (when the traffic was read) hold only those seen since: the
    // first block takes them on top of its own.
    const quiet = Math.max(0, newest - traffic.newestHour);
    const edges = hourBlocks(newest, Math.ceil(rest() / perHour), quiet, hours);
    found.push(...(await walkHours(db, keyed, [...where, ...bounds], edges, rest())));
    if (found.length === limit) return found;
    bounds.push(lt(visitors.lastSeenAt, new Date((edges.at(-1)! + 1) * HOUR_MS)));
  }
  return [...found, ...(await listed())];
}
