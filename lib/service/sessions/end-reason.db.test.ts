import { describe, expect, it } from "vitest";
import { newId } from "../core/ids";
import { sessions, visitors } from "../core/schema";
import { answerConsent, stopByVisitor } from "../live/visitor-live";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import { getVisitor } from "./get-visitor";

const fixture = databaseWithTeam();

async function ongoingSession() {
  const visitorId = newId("", 8).toUpperCase();
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId: fixture.team.id, tokenHash: "x" });
  const sessionId = newId("s_", 16);
  await fixture.db.insert(sessions).values({ id: sessionId, teamId: fixture.team.id, visitorId, sessionAuthorized: false });
  return { visitorId, sessionId };
}

const sessionOf = async (visitorId: string) => (await getVisitor(fixture.db, fixture.team, visitorId, { withHistory: false })).sessions![0];

describe("the Session's end_reason", () => {
  it("reads declined when the visitor declined, not stopped; null while the session goes on", async () => {
    const declined = await ongoingSession();
    expect(await sessionOf(declined.visitorId)).toMatchObject({ ended_at: null, end_reason: null });
    await answerConsent(fixture.db, declined.visitorId, declined.sessionId, false);
    expect(await sessionOf(declined.visitorId)).toMatchObject({ end_reason: "declined", session_authorized: false, went_live: false });

    const stopped = await ongoingSession();
    await stopByVisitor(fixture.db, stopped.visitorId, stopped.sessionId);
    expect(await sessionOf(stopped.visitorId)).toMatchObject({ end_reason: "visitor" });
  });
});
