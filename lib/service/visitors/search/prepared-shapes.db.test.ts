import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { databaseWithTeam } from "../ingest/test-fixtures";
import { searchVisitors } from "./search-visitors";

const fixture = databaseWithTeam();

// Each shape of search prepared by name stays in the connection's memory: a caller sending ever new
// shapes (the terms in every order) must not make it grow without end.
it("prepares a bounded number of search shapes, however many a caller sends", async () => {
  const { db, team } = fixture;
  const kinds = ["ip:203.0.113.7", "id:user-1", "4821", "integration_id:acme:1", "-online", "-waiting", "jane@example.org"];
  const searches = kinds.flatMap((a) => kinds.flatMap((b) => kinds.map((c) => `${a} ${b} ${c}`)));
  expect(searches.length).toBeGreaterThan(256);
  for (const search of searches) expect(await searchVisitors(db, team.id, { search })).toEqual([]);
  const [{ shapes }] = (await db.execute<{ shapes: number }>(sql`select count(*)::int as shapes from pg_prepared_statements where name like 'search\\_%'`))
    .rows;
  expect(shapes).toBeGreaterThan(10);
  expect(shapes).toBeLessThanOrEqual(256);
});
