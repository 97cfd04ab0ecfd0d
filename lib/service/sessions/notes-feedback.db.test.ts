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
    expect(feedback).toEqual([
      { from: "agent", rating: 4, comment: "Quick fix", created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      { from: "visitor", rating: 5, comment: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
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
