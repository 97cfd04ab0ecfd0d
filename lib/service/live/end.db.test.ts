import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "@/lib/audit/schema";
import { newId } from "../core/ids";
import { agents, sessions, visitors } from "../core/schema";
import { endByAgent } from "./agent-live";
import { answerConsent, stopByVisitor } from "./visitor-live";
import { createApiKey } from "../teams/team";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";
import { AGENT_GONE_MS } from "../sessions/lifecycle";
import { endAbandonedSessions, endSession, stopVisitorSession } from "./end";

const fixture = databaseWithTeam();

/** An ongoing session of a new visitor with a console user's agent, which the visitor has not answered yet. */
async function ongoingSession(options: { agentSeenAt?: Date } = {}) {
  const visitorId = newId("", 8).toUpperCase();
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId: fixture.team.id, tokenHash: "x" });
  const agentId = newId("ea_", 12);
  await fixture.db.insert(agents).values({ id: agentId, teamId: fixture.team.id, kind: "external", externalId: `console:${agentId}`, name: "Sam Carter" });
  const sessionId = newId("s_", 16);
  await fixture.db.insert(sessions).values({
    id: sessionId,
    teamId: fixture.team.id,
    visitorId,
    sessionAuthorized: false,
    ...(options.agentSeenAt ? { agentSeenAt: options.agentSeenAt } : {}),
  });
  return { visitorId, sessionId, agentId };
}

const auditOf = (sessionId: string) => fixture.db.select().from(auditEvents).where(eq(auditEvents.target, sessionId));

describe("every end of a session is audited, naming who ended it and how", () => {
  it("the agent ending it from the watch page", async () => {
    const { visitorId, sessionId, agentId } = await ongoingSession();
    await endByAgent(fixture.db, { sessionId, agentId });
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({
        action: "session_ended_by_agent",
        outcome: "success",
        actorId: `agent:${agentId}`,
        detail: expect.objectContaining({ reason: "agent", agent: "Sam Carter", external_id: `console:${agentId}`, visitor_id: visitorId }),
      }),
    ]);
  });

  it("the visitor stopping it", async () => {
    const { visitorId, sessionId } = await ongoingSession();
    await stopByVisitor(fixture.db, visitorId, sessionId);
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({
        action: "session_stopped_by_visitor",
        actorId: `visitor:${visitorId}`,
        detail: expect.objectContaining({ reason: "visitor" }),
      }),
    ]);
  });

  it("the visitor declining it: declined, not stopped", async () => {
    const { visitorId, sessionId } = await ongoingSession();
    await answerConsent(fixture.db, visitorId, sessionId, false);
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({ action: "session_declined", actorId: `visitor:${visitorId}`, detail: expect.objectContaining({ reason: "declined" }) }),
    ]);
  });

  it("an API key stopping the visitor's session (the console's Stop does so), named by the key", async () => {
    const { visitorId, sessionId } = await ongoingSession();
    const key = await createApiKey(fixture.db, fixture.team.id, "Console", "admin");
    expect(await stopVisitorSession(fixture.db, fixture.team.id, visitorId, key.id)).toBe(1);
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({
        action: "session_ended_by_api",
        actorId: `api_key:${key.id}`,
        detail: expect.objectContaining({ reason: "api", api_key: "Console" }),
      }),
    ]);
  });

  it("the service ending it when no agent has been connected for a minute", async () => {
    const { sessionId } = await ongoingSession({ agentSeenAt: new Date(Date.now() - AGENT_GONE_MS - 60_000) });
    expect(await endAbandonedSessions(fixture.db)).toBeGreaterThanOrEqual(1);
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({ action: "session_timed_out", actorId: null, actorEmail: null, detail: expect.objectContaining({ reason: "agent_left" }) }),
    ]);
  });

  it("once: a session that already ended is not ended, nor audited, again", async () => {
    const { visitorId, sessionId, agentId } = await ongoingSession();
    await stopByVisitor(fixture.db, visitorId, sessionId);
    expect(await endSession(fixture.db, sessionId, "agent", { kind: "agent", agentId })).toBe(false);
    expect((await auditOf(sessionId)).map((event) => event.action)).toEqual(["session_stopped_by_visitor"]);
  });
});
