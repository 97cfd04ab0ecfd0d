import { and, eq, sql, type SQL } from "drizzle-orm";
import { notFound } from "../../core/errors";
import { visitors } from "../../core/schema";

/** A select of the visitors table, still to be filtered and locked. */
interface VisitorSelect<Row> {
  where(where: SQL | undefined): { for(strength: "update"): PromiseLike<Row[]> };
}

/** The team's visitor, locked for the rest of the transaction (its writes queue behind this one); 404 when there is none. */
export async function lockedVisitor<Row>(select: VisitorSelect<Row>, teamId: string, visitorId: string): Promise<Row> {
  const [visitor] = await select.where(and(eq(visitors.teamId, teamId), eq(visitors.shortId, visitorId))).for("update");
  if (!visitor) throw notFound("visitor_not_found");
  return visitor;
}

/**
 * The visitors `ids`, locked in the order of their ids, as a subquery for a statement's `with`: every
 * statement that writes several visitors takes its locks in this order, so two of them (two app nodes'
 * heartbeats, a node's streams) wait for each other instead of deadlocking.
 */
export function visitorsLockedInOrder(ids: string[]): SQL {
  return sql`(select short_id from visitors where short_id = any(${sql.param(ids)}::text[]) order by short_id for update)`;
}
