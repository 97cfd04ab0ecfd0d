import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ServiceError } from "../core/errors";
import { newId } from "../core/ids";
import { sessions, visitors } from "../core/schema";
import { databaseWithTeam, insertTeam } from "../visitors/ingest/test-fixtures";
import { applyControl } from "./agent-live";
import type { AgentMessage, VisitorMessage } from "@/lib/contract";
import { liveRelay } from "./node-relay";
import { endSession } from "./end";
import { acceptVisitorEvents, answerConsent } from "./visitor-live";

const fixture = databaseWithTeam();

/** A session as it is once the visitor has accepted it (teams ask by default), unless `visitorAccepted` is false. */
async function startSession(permissions: Record<string, boolean> = {}, visitorAccepted = true) {
  const visitorId = newId("", 8).toUpperCase();
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId: fixture.team.id, tokenHash: "x" });
  const sessionId = newId("s_", 16);
  await fixture.db.insert(sessions).values({ id: sessionId, teamId: fixture.team.id, visitorId, permissions, sessionAuthorized: visitorAccepted });
  const toVisitor: VisitorMessage[] = [];
  const stop = await liveRelay().subscribeVisitor(visitorId, (message) => toVisitor.push(message));
  return { visitorId, sessionId, viewer: { sessionId, agentId: "u_1" }, toVisitor, stop };
}

const row = async (sessionId: string) => (await fixture.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0];

describe("agent tools", () => {
  it("refuses a tool the session's permissions do not allow with 403, recording and sending nothing", async () => {
    const session = await startSession({ allow_click: false });
    const refused = await applyControl(fixture.db, session.viewer, { tool: "click", id: 12 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ status: 403, code: "permission_denied" });
    expect((await row(session.sessionId)).featuresUsed).toEqual([]);
    expect(session.toVisitor).toEqual([]);
    session.stop();
  });

  it("sends an allowed tool to the visitor and records it once in features_used", async () => {
    const session = await startSession({ allow_click: false });
    await applyControl(fixture.db, session.viewer, { tool: "scroll", dx: 0, dy: 40 });
    await applyControl(fixture.db, session.viewer, { tool: "scroll", dx: 0, dy: 40 });
    await applyControl(fixture.db, session.viewer, { tool: "pointer", x: 10, y: 20 });
    expect((await row(session.sessionId)).featuresUsed).toEqual(["scroll", "remote_cursor"]);
    expect(session.toVisitor.map((message) => message.type === "control" && message.control.tool)).toEqual(["scroll", "scroll", "pointer"]);
    session.stop();
  });
});

describe("the visitor's side", () => {
  it("marks the session live with its first snapshot", async () => {
    const session = await startSession();
    expect(
      await acceptVisitorEvents(fixture.db, session.visitorId, session.sessionId, {
        seq: 1,
        events: [
          { type: 4, timestamp: 1 },
          { type: 2, timestamp: 2 },
        ],
      }),
    ).toEqual({ accepted: true, snapshot: false });
    const live = await row(session.sessionId);
    expect(live.wentLive).toBe(true);
    expect(live.liveAt).toBeInstanceOf(Date);
    session.stop();
  });

  it("refuses the page before consent when the team requires it; declining ends the session", async () => {
    const strict = await insertTeam(fixture.db, { requireAuthorization: true });
    const previous = fixture.team;
    fixture.team = strict;
    const session = await startSession({}, false);
    fixture.team = previous;
    const early = await acceptVisitorEvents(fixture.db, session.visitorId, session.sessionId, { seq: 1, events: [{ type: 4, timestamp: 1 }] }).catch(
      (error: unknown) => error,
    );
    expect(early).toMatchObject({ status: 403, code: "consent_required" });
    await answerConsent(fixture.db, session.visitorId, session.sessionId, false);
    expect(await row(session.sessionId)).toMatchObject({ status: "ended", endReason: "declined", sessionAuthorized: false, wentLive: false });
    expect(session.toVisitor.at(-1)).toMatchObject({ type: "ended", sessionId: session.sessionId });
    session.stop();
  });

  it("refuses the visitor's batches once the session ends, even straight after one was taken", async () => {
    const session = await startSession();
    await acceptVisitorEvents(fixture.db, session.visitorId, session.sessionId, {
      seq: 1,
      events: [
        { type: 4, timestamp: 1 },
        { type: 2, timestamp: 2 },
      ],
    });
    expect(await endSession(fixture.db, session.sessionId, "agent", { kind: "agent", agentId: session.viewer.agentId })).toBe(true);
    const late = await acceptVisitorEvents(fixture.db, session.visitorId, session.sessionId, { seq: 2, events: [{ type: 3, timestamp: 3 }] }).catch(
      (error: unknown) => error,
    );
    expect(late).toMatchObject({ status: 409, code: "session_ended" });
    session.stop();
  });

  it("redacts the page's address in the visitor's Meta events (an older script sends it raw) before the agents see it", async () => {
    const session = await startSession();
    await fixture.db.update(sessions).set({ sessionAuthorized: true }).where(eq(sessions.id, session.sessionId));
    const agent: AgentMessage[] = [];
    const stop = await liveRelay().subscribeSession(session.sessionId, (message) => agent.push(message));
    await acceptVisitorEvents(fixture.db, session.visitorId, session.sessionId, {
      seq: 1,
      events: [
        { type: 4, timestamp: 1, data: { href: "https://shop.example.com/reset?token=abc&step=2#code=xyz", width: 800, height: 600 } },
        { type: 2, timestamp: 2, data: { node: {} } },
      ],
    });
    expect(agent[0]).toMatchObject({
      type: "events",
      events: [{ type: 4, data: { href: "https://shop.example.com/reset?token=&step=2", width: 800 } }, { type: 2 }],
    });
    stop();
    session.stop();
  });

  it("does not let a visitor reach another visitor's session", async () => {
    const mine = await startSession();
    const theirs = await startSession();
    const refused = await acceptVisitorEvents(fixture.db, mine.visitorId, theirs.sessionId, { seq: 1, events: [{ type: 4, timestamp: 1 }] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 404 });
    mine.stop();
    theirs.stop();
  });
});
