import { and, eq, sql } from "drizzle-orm";
import { watchUrlRequestSchema } from "@/lib/contract";
import { describe, expect, it, vi } from "vitest";
import { newId } from "../core/ids";
import { sessions, teams, visitors } from "../core/schema";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import { createWatchLink, openWatchLink } from "./watch-links";
import { closeSession } from "./lifecycle";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "concurrency-test-link-signing-secret-0123456789";
});

const fixture = databaseWithTeam();

async function visitorOf(teamId: string): Promise<string> {
  const visitorId = newId("", 8).toUpperCase();
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId, tokenHash: "x" });
  return visitorId;
}

const tokenOf = (watchUrl: string) => watchUrl.slice(watchUrl.lastIndexOf("/") + 1);
const ongoing = async (teamId: string) =>
  fixture.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.teamId, teamId), eq(sessions.status, "ongoing")));

describe("the concurrent-session limit when a watch link is opened", () => {
  it("with a limit of 1, three links made while there was room opened in parallel start one session", async () => {
    const [team] = await fixture.db.update(teams).set({ maxConcurrentSessions: 1 }).where(eq(teams.id, fixture.team.id)).returning();
    const links = [];
    for (let i = 0; i < 3; i++) {
      const request = watchUrlRequestSchema.parse({ agent: { id: `agent-${i}`, name: `Agent ${i}` } });
      links.push(await createWatchLink(fixture.db, team, await visitorOf(team.id), request));
    }
    // Connections ready on PostgreSQL, so the three opens run their transactions side by side.
    await Promise.all(links.map(() => fixture.db.execute(sql`select pg_sleep(0.05)`)));
    const opened = await Promise.all(links.map((link) => openWatchLink(fixture.db, tokenOf(link.watch_url))));

    expect(opened.filter((result) => result.ok)).toHaveLength(1);
    expect(opened.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "session_limit", limit: 1 },
      { ok: false, reason: "session_limit", limit: 1 },
    ]);
    expect(await ongoing(team.id)).toHaveLength(1);

    // The refused links still work once there is room.
    const [started] = await ongoing(team.id);
    await closeSession(fixture.db, started.id, "agent", { kind: "service" });
    const waiting = links[opened.findIndex((result) => !result.ok)];
    expect(await openWatchLink(fixture.db, tokenOf(waiting.watch_url))).toMatchObject({ ok: true });
    expect(await ongoing(team.id)).toHaveLength(1);
  });
});
