import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { watchUrlRequestSchema } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { serveForTests, type TestService } from "../routes/test-service";
import { sessions, webhookDeliveries } from "../core/schema";
import { signViewerToken } from "../live/viewer-token";
import { createApiKey, type Team } from "../teams/team";
import { registerVisitor } from "../visitors/ingest/register";
import { insertTeam } from "../visitors/ingest/test-fixtures";
import { createWatchLink, openWatchLink } from "./watch-links";
import { streamMessages } from "@/lib/testing/stream-messages";

// The agents' notes and the quality feedback of a session, through the service's HTTP endpoints on a real database.
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "notes-feedback-test-link-signing-secret-0123456789";
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
});

let db: Db;
let service: TestService;
serveForTests((opened) => ({ db, service } = opened));

/** A session opened from a watch link, as the watch page gets it, with the team's API key. */
async function openedSession(link: Record<string, unknown> = {}, settings: Partial<Team> = {}) {
  const team = await insertTeam(db, { requireAuthorization: false, ...settings });
  const visitor = await registerVisitor(
    db,
    team,
    { url: "https://shop.example.com/" },
    { browserName: null, deviceName: null, deviceType: "desktop", ipAddress: "" },
  );
  const agentId = `agent-${team.id}`;
  const request = watchUrlRequestSchema.parse({ agent: { id: agentId, name: "Ada" }, ...link });
  const { watch_url } = await createWatchLink(db, team, visitor.visitorId, request);
  const opened = await openWatchLink(db, watch_url.slice(watch_url.lastIndexOf("/") + 1));
  if (!opened.ok) throw new Error(`the link did not open: ${opened.reason}`);
  const apiKey = (await createApiKey(db, team.id, "Console", "api")).key;
  // What opening the link hands the watch page.
  const viewerToken = await signViewerToken({ sessionId: opened.sessionId, agentId: opened.agentId });
  return { team, agentId, sessionId: opened.sessionId, apiKey, visitor, viewerToken };
}

const post = (path: string, token: string, body: unknown) =>
  fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

const visitorPost = (path: string, visitor: { visitorId: string; token: string }, body: unknown) =>
  fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token },
    body: JSON.stringify(body),
  });

async function watchSession(sessionId: string, token: string) {
  const response = await fetch(`${service.url}/live/sessions/${sessionId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { session: { notes: string; feedbackSent: boolean } }).session;
}

/** The Session as the v1.3 API gives it (in its agent's lookup). */
async function apiSession(apiKey: string, agentId: string, sessionId: string) {
  const response = await fetch(`${service.url}/v1.3/agents/lookup?external_id=${encodeURIComponent(agentId)}`, { headers: { "x-api-key": apiKey } });
  expect(response.status).toBe(200);
  const { agent } = (await response.json()) as { agent: { sessions: Array<Record<string, unknown>> } };
  return agent.sessions.find((session) => session.id === sessionId)!;
}

describe("the agents' notes", () => {
  it("start as the link's initial_notes, are saved from the watch page and are the Session's agent_notes", async () => {
    const session = await openedSession({ initial_notes: "Ticket T-1042" });
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("Ticket T-1042");
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).agent_notes).toBe("Ticket T-1042");

    const response = await post(`/live/sessions/${session.sessionId}/notes`, session.viewerToken, { notes: "Ticket T-1042\nReset the password." });
    expect(response.status).toBe(200);
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("Ticket T-1042\nReset the password.");
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).agent_notes).toBe("Ticket T-1042\nReset the password.");

    // Cleared: the session has no notes, not the initial ones again.
    expect((await post(`/live/sessions/${session.sessionId}/notes`, session.viewerToken, { notes: "" })).status).toBe(200);
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).agent_notes).toBeNull();
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("");
  });

  it("are null on a session without any, and go with the session's webhook", async () => {
    const session = await openedSession({ webhook_url: "http://127.0.0.1:9/hook" });
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).agent_notes).toBeNull();
    await post(`/live/sessions/${session.sessionId}/notes`, session.viewerToken, { notes: "Refund approved" });
    expect((await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {})).status).toBe(200);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sessionId, session.sessionId));
    expect(delivery.payload).toMatchObject({ id: session.sessionId, agent_notes: "Refund approved", quality_feedback: [] });
  });

  it("never travel on the visitor's channel", async () => {
    const session = await openedSession();
    const visitor = streamMessages(`${service.url}/collect/live/stream`, {
      "x-visitor-id": session.visitor.visitorId,
      "x-visitor-token": session.visitor.token,
    });
    await expect.poll(() => visitor.messages.map((message) => message.type)).toContain("session");
    expect((await post(`/live/sessions/${session.sessionId}/notes`, session.viewerToken, { notes: "private: customer is upset" })).status).toBe(200);
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("private: customer is upset");
    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    await expect.poll(() => visitor.messages.map((message) => message.type)).toContain("ended");
    await visitor.stop();
    expect(JSON.stringify(visitor.messages)).not.toContain("customer is upset");
  });

  it("refuse notes over the length cap, a body without them, and another session's credential", async () => {
    const session = await openedSession();
    const other = await openedSession();
    const tooLong = await post(`/live/sessions/${session.sessionId}/notes`, session.viewerToken, { notes: "x".repeat(20_001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ status: "error", error: "invalid_request", message: expect.stringMatching(/^notes: /) });
    expect((await post(`/live/sessions/${session.sessionId}/notes`, session.viewerToken, { text: "hi" })).status).toBe(400);
    expect((await post(`/live/sessions/${session.sessionId}/notes`, other.viewerToken, { notes: "hi" })).status).toBe(403);
    expect((await post(`/live/sessions/${session.sessionId}/notes`, "not-a-token", { notes: "hi" })).status).toBe(401);
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("");
  });
});

describe("quality feedback", () => {
  it("takes each agent's and the visitor's answer once the session ended, once each, into the Session", async () => {
    const session = await openedSession({}, { visitorFeedbackEnabled: true });
    const early = await post(`/live/sessions/${session.sessionId}/feedback`, session.viewerToken, { rating: 5 });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: "session_ongoing" });

    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    expect((await watchSession(session.sessionId, session.viewerToken)).feedbackSent).toBe(false);
    expect((await post(`/live/sessions/${session.sessionId}/feedback`, session.viewerToken, { rating: 4, comment: "  Quick fix " })).status).toBe(200);
    const again = await post(`/live/sessions/${session.sessionId}/feedback`, session.viewerToken, { rating: 1 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "feedback_sent" });
    expect((await watchSession(session.sessionId, session.viewerToken)).feedbackSent).toBe(true);

    // The visitor rates a session that went live.
    await db.update(sessions).set({ wentLive: true }).where(eq(sessions.id, session.sessionId));
    expect((await visitorPost("/collect/live/feedback", session.visitor, { sessionId: session.sessionId, rating: 5 })).status).toBe(200);
    expect((await visitorPost("/collect/live/feedback", session.visitor, { sessionId: session.sessionId, rating: 5 })).status).toBe(409);

    const feedback = (await apiSession(session.apiKey, session.agentId, session.sessionId)).quality_feedback;
    const { agents } = await apiSession(session.apiKey, session.agentId, session.sessionId);
    expect(feedback).toEqual([
      {
        from: "agent",
        rating: 4,
        comment: "Quick fix",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        agent_id: (agents as Array<{ id: string }>)[0].id,
      },
      { from: "visitor", rating: 5, comment: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), agent_id: null },
    ]);
  });

  it("refuses a rating out of 1 to 5, an overlong comment, and a visitor of another session", async () => {
    const session = await openedSession({}, { visitorFeedbackEnabled: true });
    const stranger = await openedSession({}, { visitorFeedbackEnabled: true });
    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: "5" }, {}]) {
      const response = await post(`/live/sessions/${session.sessionId}/feedback`, session.viewerToken, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid_request", message: expect.stringMatching(/^rating: /) });
    }
    const long = await post(`/live/sessions/${session.sessionId}/feedback`, session.viewerToken, { rating: 3, comment: "x".repeat(2001) });
    expect(await long.json()).toMatchObject({ error: "invalid_request", message: expect.stringMatching(/^comment: /) });
    expect((await visitorPost("/collect/live/feedback", stranger.visitor, { sessionId: session.sessionId, rating: 5 })).status).toBe(404);
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).quality_feedback).toEqual([]);
  });

  it("refuses the visitor's rating of a session that never went live (one they declined), which then counts nowhere", async () => {
    const session = await openedSession({}, { visitorFeedbackEnabled: true });
    expect((await visitorPost("/collect/live/consent", session.visitor, { sessionId: session.sessionId, accepted: false })).status).toBe(200);
    await expect.poll(async () => (await apiSession(session.apiKey, session.agentId, session.sessionId)).ended_at).not.toBeNull();
    const refused = await visitorPost("/collect/live/feedback", session.visitor, { sessionId: session.sessionId, rating: 1 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "permission_denied", message: "The session never went live: there is nothing to rate." });
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).quality_feedback).toEqual([]);
  });

  /** The message that ends the session on the visitor's stream, once the page had gone live. */
  async function endedMessage(session: Awaited<ReturnType<typeof openedSession>>) {
    const listening = streamMessages(`${service.url}/collect/live/stream`, {
      "x-visitor-id": session.visitor.visitorId,
      "x-visitor-token": session.visitor.token,
    });
    await expect.poll(() => listening.messages.map((message) => message.type)).toContain("session");
    await db.update(sessions).set({ wentLive: true }).where(eq(sessions.id, session.sessionId));
    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    await expect.poll(() => listening.messages.find((message) => message.type === "ended")).toBeTruthy();
    await listening.stop();
    return listening.messages.find((message) => message.type === "ended");
  }

  it("asks the visitor when the team turned it on", async () => {
    const session = await openedSession({}, { visitorFeedbackEnabled: true });
    expect(await endedMessage(session)).toMatchObject({ type: "ended", askFeedback: true });
  });

  it("does not ask the visitor, nor take their answer, when the team has not turned it on", async () => {
    const session = await openedSession();
    expect(await endedMessage(session)).not.toHaveProperty("askFeedback");
    const refused = await visitorPost("/collect/live/feedback", session.visitor, { sessionId: session.sessionId, rating: 5 });
    expect(refused.status).toBe(403);
    expect((await apiSession(session.apiKey, session.agentId, session.sessionId)).quality_feedback).toEqual([]);
  });
});

describe("Tandem's session endpoints (GET, PATCH /v1.3/sessions/{id}, POST …/feedback)", () => {
  const api = (session: { apiKey: string; sessionId: string }, method = "GET", body?: unknown, path = "") =>
    fetch(`${service.url}/v1.3/sessions/${session.sessionId}${path}`, {
      method,
      headers: { "x-api-key": session.apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  type Answer = {
    session: { agent_notes: string | null; quality_feedback: Array<Record<string, unknown>>; agents: Array<{ id: string }>; timeline: unknown[] };
  };

  it("give the session's timeline: asked, the visitor's answer once, and the end with who ended it", async () => {
    const session = await openedSession({}, { requireAuthorization: true });
    const consent = () => visitorPost("/collect/live/consent", session.visitor, { sessionId: session.sessionId, accepted: true });
    expect((await consent()).status).toBe(200);
    expect((await consent()).status).toBe(200);
    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    const response = await api(session);
    expect(response.status).toBe(200);
    const { timeline } = ((await response.json()) as Answer).session;
    expect(timeline).toEqual([
      { at: expect.any(String), event: "asked", by: { kind: "agent", name: "Ada" } },
      { at: expect.any(String), event: "accepted", by: { kind: "visitor", name: null } },
      { at: expect.any(String), event: "ended", by: { kind: "agent", name: "Ada" }, end_reason: "agent" },
    ]);

    const declined = await openedSession({}, { requireAuthorization: true });
    await visitorPost("/collect/live/consent", declined.visitor, { sessionId: declined.sessionId, accepted: false });
    const events = ((await (await api(declined)).json()) as Answer).session.timeline;
    expect(events).toMatchObject([{ event: "asked" }, { event: "declined", by: { kind: "visitor" } }, { event: "ended", end_reason: "declined" }]);
  });

  it("keep a team's sessions to the team: another team's session and an unknown id are 404 session_not_found", async () => {
    const session = await openedSession();
    const other = await openedSession();
    for (const response of [await api({ apiKey: other.apiKey, sessionId: session.sessionId }), await api({ ...session, sessionId: "s_unknown" })]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ status: "error", error: "session_not_found" });
    }
    expect((await api({ apiKey: other.apiKey, sessionId: session.sessionId }, "PATCH", { agent_notes: "x" })).status).toBe(404);
  });

  it("change the notes after the end, and clear them for good", async () => {
    const session = await openedSession({ initial_notes: "Template" });
    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    const changed = await api(session, "PATCH", { agent_notes: "Refunded the order" });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Answer).session.agent_notes).toBe("Refunded the order");
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("Refunded the order");
    expect(((await (await api(session, "PATCH", { agent_notes: null })).json()) as Answer).session.agent_notes).toBeNull();
    expect((await watchSession(session.sessionId, session.viewerToken)).notes).toBe("");
    for (const body of [{ agent_notes: 5 }, { notes: "x" }, { agent_notes: "x".repeat(20_001) }]) {
      const refused = await api(session, "PATCH", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_request" });
    }
  });

  it("take an agent's rating once the session ended, from its agents only, once, naming who gave it", async () => {
    const session = await openedSession();
    const rate = (body: unknown) => api(session, "POST", body, "/feedback");
    expect(await (await rate({ agent_id: session.agentId, rating: 4 })).json()).toMatchObject({ error: "session_ongoing" });
    await post(`/live/sessions/${session.sessionId}/end`, session.viewerToken, {});
    const stranger = await rate({ agent_id: "someone-else", rating: 1 });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: "permission_denied" });
    const rated = await rate({ agent_id: session.agentId, rating: 4, comment: "Sorted" });
    expect(rated.status).toBe(200);
    const answer = ((await rated.json()) as Answer).session;
    expect(answer.quality_feedback).toEqual([{ from: "agent", rating: 4, comment: "Sorted", created_at: expect.any(String), agent_id: answer.agents[0].id }]);
    expect(await (await rate({ agent_id: answer.agents[0].id, rating: 2 })).json()).toMatchObject({ error: "feedback_sent" });
    // The watch page knows it was given.
    expect((await watchSession(session.sessionId, session.viewerToken)).feedbackSent).toBe(true);
  });
});

describe('the team\'s "Agent hears the visitor when a call starts"', () => {
  const audioMuted = async (session: { sessionId: string }) =>
    (await db.select().from(sessions).where(eq(sessions.id, session.sessionId)))[0].options.audio_muted;

  it("leaves audio_muted's default as the API's (muted) when off, makes it unmuted when on, and never overrides the link", async () => {
    expect(await audioMuted(await openedSession())).toBe(true);
    expect(await audioMuted(await openedSession({}, { agentHearsVisitor: true }))).toBe(false);
    expect(await audioMuted(await openedSession({ options: { audio_muted: true } }, { agentHearsVisitor: true }))).toBe(true);
    expect(await audioMuted(await openedSession({ options: { audio_muted: false } }))).toBe(false);
  });
});
