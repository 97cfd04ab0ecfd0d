import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { getVisitor } from "./sessions/get-visitor";
import { listVisitors } from "./visitors/read";
import { insertTeam } from "./visitors/ingest/test-fixtures";
import { seedDemoService } from "./demo-seed";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the demo seed", () => {
  // Only a page that is really open makes a visitor online: a seeded one would offer a Co-browse that never connects.
  it("shows no visitor online and gives none a lookup code", async () => {
    const team = await insertTeam(database.db);
    expect(await seedDemoService(database.db, team, new Date(), 40)).toBe(true);

    const all = await listVisitors(database.db, team, { maxResults: 100 });
    expect(all).toHaveLength(40);
    expect(all.filter((visitor) => visitor.is_online)).toEqual([]);
    expect(await listVisitors(database.db, team, { online: true, maxResults: 100 })).toEqual([]);
    expect(await listVisitors(database.db, team, { search: "online", maxResults: 100 })).toEqual([]);
    const first = await getVisitor(database.db, team, all[0].short_id, { withHistory: false });
    expect(first.is_online).toBe(false);
    expect(all.map((visitor) => visitor.lookup_code ?? null).filter(Boolean)).toEqual([]);
  });
});
