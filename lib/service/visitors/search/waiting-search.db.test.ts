import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ONLINE_SEEN_WITHIN, visitors } from "../../core/schema";
import { createServiceApp } from "../../routes";
import { ensureApiKey } from "../../teams/team";
import { setHelpRequest } from "../ingest/help-request";
import { registerVisitor } from "../ingest/register";
import { databaseWithTeam, desktopChrome, seconds } from "../ingest/test-fixtures";
import { searchVisitors } from "./search-visitors";

// The help queue reads the visitors asking for help through the list API. Registering takes the public
// key alone: a flood of registrations must not push a waiting visitor out of what the queue reads.
const fixture = databaseWithTeam();
const API_KEY = "tk_waiting_search_0123456789";
const start = new Date(Date.now() - 3_600_000);
let waiting: string[];

async function register(): Promise<string> {
  const { db, team } = fixture;
  return (await registerVisitor(db, team, { url: "https://shop.example.com/" }, desktopChrome)).visitorId;
}

beforeAll(async () => {
  const { db, team } = fixture;
  // Three visitors ask for help, the latest to ask first to register; then 600 more register.
  waiting = [await register(), await register(), await register()];
  await setHelpRequest(db, team, waiting[2], true, seconds(start, 10));
  await setHelpRequest(db, team, waiting[0], true, seconds(start, 20));
  await setHelpRequest(db, team, waiting[1], true, seconds(start, 30));
  for (let i = 0; i < 600; i += 50) await Promise.all(Array.from({ length: 50 }, register));
  // All of them online for as long as the tests take (an hour after each was last seen, the most there is).
  await db
    .update(visitors)
    .set({ onlineUntil: sql`${visitors.lastSeenAt} + ${ONLINE_SEEN_WITHIN}` })
    .where(eq(visitors.teamId, team.id));
}, 120_000);

const ids = async (search: string, maxResults = 500) =>
  (await searchVisitors(fixture.db, fixture.team.id, { search, maxResults })).map((visitor) => visitor.shortId);

describe("the `waiting` search", () => {
  it("finds every visitor asking for help behind 600 newer online visitors, oldest request first", async () => {
    // What a read of the newest online visitors misses.
    expect((await ids("online")).some((id) => waiting.includes(id))).toBe(false);
    const queue = [waiting[2], waiting[0], waiting[1]];
    expect(await ids("waiting online")).toEqual(queue);
    expect(await ids("waiting")).toEqual(queue);
    expect(await ids("online waiting", 2)).toEqual(queue.slice(0, 2));
  });

  it("leaves them out with -waiting, and drops a visitor who takes the request back", async () => {
    const { db, team } = fixture;
    const others = await ids("-waiting");
    expect(others).toHaveLength(500);
    expect(others.some((id) => waiting.includes(id))).toBe(false);
    await setHelpRequest(db, team, waiting[0], false);
    expect(await ids("waiting")).toEqual([waiting[2], waiting[1]]);
    await setHelpRequest(db, team, waiting[0], true, seconds(start, 20));
  });

  it("is answered by GET /v1.3/list, as the console asks it", async () => {
    const { db, team } = fixture;
    await ensureApiKey(db, team.id, API_KEY, "Help queue", "api");
    const { app } = createServiceApp({ db: async () => db });
    const response = await app.request("/v1.3/list?search=waiting%20online&max_results=500", { headers: { "x-api-key": API_KEY } });
    expect(response.status).toBe(200);
    const { visitors } = (await response.json()) as { visitors: Array<{ short_id: string; is_waiting_for_call: boolean }> };
    expect(visitors.map((visitor) => visitor.short_id)).toEqual([waiting[2], waiting[0], waiting[1]]);
    expect(visitors.every((visitor) => visitor.is_waiting_for_call)).toBe(true);
  });
});
