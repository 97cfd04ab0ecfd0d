import { eq } from "drizzle-orm";
import { onpremWatchUrlRequestSchema } from "@/lib/contract";
import { describe, expect, it, vi } from "vitest";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { createOnpremToken, createOnpremWatchLink } from "./onprem";
import { spentTokens, teams, visitors, watchLinks } from "../core/schema";
import { sweepSpentTokens } from "../core/spent-tokens";
import type { Team } from "../teams/team";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "onprem-test-link-signing-secret-0123456789abcd";
});

const fixture = databaseWithTeam();
const named = { id: "onprem-agent-1", name: "Olu Bankole" };
const other = { id: "onprem-agent-2", name: "Mara Lind" };

async function licensedTeamWithVisitor(): Promise<{ team: Team; visitorId: string }> {
  const [team] = await fixture.db.update(teams).set({ onpremLicensed: true }).where(eq(teams.id, fixture.team.id)).returning();
  const visitorId = newId("", 8).toUpperCase();
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId: team.id, tokenHash: "x" });
  return { team, visitorId };
}

const watchUrlBody = (licenseToken: string, agent: { id: string; name: string }) => onpremWatchUrlRequestSchema.parse({ licenseToken, agent });
const refusal = (promise: Promise<unknown>) => promise.then(() => null).catch((error: unknown) => error);
const linksFor = async (visitorId: string) => fixture.db.select().from(watchLinks).where(eq(watchLinks.visitorId, visitorId));

describe("on-premise licence tokens", () => {
  it("make one watch link: the same token used again is refused with 402 and makes no link", async () => {
    const { team, visitorId } = await licensedTeamWithVisitor();
    const { token } = await createOnpremToken(team, { visitor_id: visitorId, agent: named });
    const body = watchUrlBody(token, named);

    expect((await createOnpremWatchLink(fixture.db, team, visitorId, body)).watch_url).toMatch(/\/watch\//);
    const again = await refusal(createOnpremWatchLink(fixture.db, team, visitorId, body));
    expect(again).toBeInstanceOf(ServiceError);
    expect(again).toMatchObject({ status: 402, code: "not_authorized", message: "The licence token has already been used." });
    expect(await linksFor(visitorId)).toHaveLength(1);
  });

  it("used twice at once, make one link", async () => {
    const { team, visitorId } = await licensedTeamWithVisitor();
    const { token } = await createOnpremToken(team, { visitor_id: visitorId, agent: named });
    const body = watchUrlBody(token, named);
    const results = await Promise.allSettled([0, 1, 2].map(() => createOnpremWatchLink(fixture.db, team, visitorId, body)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await linksFor(visitorId)).toHaveLength(1);
  });

  it("are refused for an agent they do not name, and stay usable by the agent they name", async () => {
    const { team, visitorId } = await licensedTeamWithVisitor();
    const { token } = await createOnpremToken(team, { visitor_id: visitorId, agent: named });

    const refused = await refusal(createOnpremWatchLink(fixture.db, team, visitorId, watchUrlBody(token, other)));
    expect(refused).toMatchObject({ status: 402, code: "not_authorized", message: "The licence token was issued for another agent." });
    expect(await linksFor(visitorId)).toHaveLength(0);

    await createOnpremWatchLink(fixture.db, team, visitorId, watchUrlBody(token, named));
    const [link] = await linksFor(visitorId);
    expect(link).toMatchObject({ onPremise: true });
  });

  it("are refused for another visitor", async () => {
    const { team, visitorId } = await licensedTeamWithVisitor();
    const second = await licensedTeamWithVisitor();
    const { token } = await createOnpremToken(team, { visitor_id: visitorId, agent: named });
    const refused = await refusal(createOnpremWatchLink(fixture.db, team, second.visitorId, watchUrlBody(token, named)));
    expect(refused).toMatchObject({ status: 402, message: "The licence token was issued for another visitor." });
  });

  it("are forgotten by the sweep once they have expired", async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await fixture.db.insert(spentTokens).values([
      { id: "lt_expired-test-token", expiresAt: past },
      { id: "lt_current-test-token", expiresAt: future },
    ]);
    await sweepSpentTokens(fixture.db);
    const left = (await fixture.db.select().from(spentTokens)).map((row) => row.id);
    expect(left).toContain("lt_current-test-token");
    expect(left).not.toContain("lt_expired-test-token");
  });
});
