import { createHmac } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents } from "@/lib/audit/schema";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { streamMessages } from "@/lib/testing/stream-messages";
import { sessions } from "../core/schema";
import { startTestService, type TestService } from "../routes/test-service";
import { endSession } from "./end";
import { toSessionResource } from "../sessions/present";
import { getSession } from "../sessions/session-resource";
import { insertLiveSession } from "./test-session";

// Voice calls' signalling and bookkeeping as Tandem's server serves them, over HTTP, on a real database.
const TURN_SECRET = "calls-test-turn-secret-0123456789";
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "calls-test-link-signing-secret-0123456789abcdef";
  process.env.TURN_URLS = "turn:127.0.0.1:3478?transport=udp";
  process.env.TURN_SECRET = "calls-test-turn-secret-0123456789";
  process.env.STUN_URLS = "stun:127.0.0.1:3478";
  process.env.TURN_CREDENTIAL_TTL_SECONDS = "600";
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let service: TestService;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  service = await startTestService(db);
});
afterAll(async () => {
  for (const stop of stops) await stop();
  // The service notes each stream's close in the database: let that finish before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await service.close();
  await database.close();
});

const SNAPSHOT = [
  { type: 4, timestamp: 1, data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
  { type: 2, timestamp: 2, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } },
];

/** A session with the visitor's page connected and shared (live) unless `live: false`; its link's permissions and options as given. */
async function callSession({
  live = true,
  permissions = {},
  options = {},
}: { live?: boolean; permissions?: Record<string, boolean>; options?: Record<string, unknown> } = {}) {
  const { sessionId, viewerToken, visitorHeaders, team } = await insertLiveSession(db, { permissions, options });
  const viewer = streamMessages(`${service.url}/live/sessions/${sessionId}/stream`, { authorization: `Bearer ${viewerToken}` });
  const visitorStream = streamMessages(`${service.url}/collect/live/stream`, visitorHeaders);
  stops.push(viewer.stop, visitorStream.stop);
  // Generous: the first stream of the file opens the service cold, on a machine that may be busy.
  await expect.poll(() => visitorStream.messages.map((message) => message.type), { timeout: 15_000 }).toContain("session");
  if (live) {
    await fetch(`${service.url}/collect/live/events`, {
      method: "POST",
      headers: { "content-type": "application/json", ...visitorHeaders },
      body: JSON.stringify({ sessionId, seq: 1, events: SNAPSHOT }),
    });
    await expect.poll(() => viewer.messages.some((message) => message.type === "status" && message.status === "live"), { timeout: 15_000 }).toBe(true);
  }
  const agentPost = async (body: unknown, token = viewerToken, id = sessionId) => {
    const response = await fetch(`${service.url}/live/sessions/${id}/call`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const visitorPost = async (body: Record<string, unknown>) => {
    const response = await fetch(`${service.url}/collect/live/call`, {
      method: "POST",
      headers: { "content-type": "application/json", ...visitorHeaders },
      body: JSON.stringify({ sessionId, ...body }),
    });
    return { status: response.status, body: await response.json() };
  };
  const callsTo = (stream: typeof viewer) => stream.messages.filter((message) => message.type === "call").map((message) => message.call);
  return { sessionId, viewerToken, team, agentPost, visitorPost, toAgent: () => callsTo(viewer), toVisitor: () => callsTo(visitorStream) };
}

const row = async (sessionId: string) => (await db.select().from(sessions).where(eq(sessions.id, sessionId)))[0];
const audit = async (sessionId: string) =>
  (
    await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target, sessionId), like(auditEvents.action, "call_%")))
      .orderBy(auditEvents.id)
  ).map((entry) => ({ action: entry.action, actor: entry.actorId, detail: entry.detail }));

describe("a voice call in a live session", () => {
  it("hands no ICE servers to a ringing visitor; on accept, mints each side TURN credentials of coturn's REST scheme, for this call, lasting minutes", async () => {
    const session = await callSession();
    const started = await session.agentPost({ kind: "start" });
    expect(started.status).toBe(200);
    const { callId, audioMuted } = started.body.call;
    expect(callId).toMatch(/^c_/);
    expect(audioMuted).toBe(true);
    expect(started.body.call).not.toHaveProperty("iceServers");

    // Rung, the visitor has no credential: anyone who is rung could use it as a relay.
    await expect.poll(() => session.toVisitor()).toHaveLength(1);
    // The visitor is told the agent will not hear them (the link's audio_muted, the API's default).
    expect(session.toVisitor()[0]).toEqual({ kind: "ring", callId, agentName: expect.any(String), audioMuted: true });

    const before = Math.floor(Date.now() / 1000);
    const accepted = await session.visitorPost({ kind: "accept", callId });
    expect(accepted.status).toBe(200);
    const after = Math.floor(Date.now() / 1000);
    const credentialOf = (
      config: { iceServers: Array<{ urls: string[]; username?: string; credential?: string }>; iceTransportPolicy: string },
      side: string,
    ) => {
      expect(config.iceTransportPolicy).toBe("all");
      expect(config.iceServers[0]).toEqual({ urls: ["stun:127.0.0.1:3478"] });
      const turn = config.iceServers[1];
      expect(turn.urls).toEqual(["turn:127.0.0.1:3478?transport=udp"]);
      const [expiry, name] = turn.username!.split(":");
      // TURN_CREDENTIAL_TTL_SECONDS (600 here) from the moment the visitor accepted.
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
      expect(Number(expiry)).toBeLessThanOrEqual(after + 600);
      expect(name).toBe(`${callId}-${side}`);
      expect(turn.credential).toBe(createHmac("sha1", TURN_SECRET).update(turn.username!).digest("base64"));
    };
    credentialOf(accepted.body.call, "visitor");
    // The agent's own, in the message that says the visitor accepted.
    const acceptedMessage = () => (session.toAgent() as Array<{ kind: string }>).find((message) => message.kind === "accepted");
    await expect.poll(acceptedMessage).toBeDefined();
    credentialOf(acceptedMessage() as never, "agent");
    expect(JSON.stringify([started.body, accepted.body, session.toAgent(), session.toVisitor()])).not.toContain(TURN_SECRET);

    // Signalling, ending and declining answer no credential.
    const candidate = { candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    expect((await session.visitorPost({ kind: "candidate", callId, candidate })).body).toEqual({ status: "ok" });
    expect((await session.visitorPost({ kind: "end", callId })).body).toEqual({ status: "ok" });
  });

  it("rings, is accepted, relays the WebRTC signalling both ways, ends, and counts its length and the audio feature", async () => {
    const session = await callSession({ options: { audio_muted: false } });
    const { body } = await session.agentPost({ kind: "start" });
    const callId = body.call.callId as string;
    expect(body.call.audioMuted).toBe(false);
    await expect.poll(() => session.toVisitor()).toContainEqual(expect.objectContaining({ kind: "ring", callId, audioMuted: false }));
    // Nothing is relayed before the visitor accepts.
    expect((await session.agentPost({ kind: "description", callId, description: { type: "offer", sdp: "v=0" } })).status).toBe(404);

    expect((await session.visitorPost({ kind: "accept", callId })).status).toBe(200);
    await expect.poll(() => session.toAgent()).toContainEqual(expect.objectContaining({ kind: "accepted", callId }));
    expect((await row(session.sessionId)).featuresUsed).toContain("audio");

    expect((await session.agentPost({ kind: "description", callId, description: { type: "offer", sdp: "v=0 offer" } })).status).toBe(200);
    await expect.poll(() => session.toVisitor()).toContainEqual({ kind: "description", callId, description: { type: "offer", sdp: "v=0 offer" } });
    expect((await session.visitorPost({ kind: "description", callId, description: { type: "answer", sdp: "v=0 answer" } })).status).toBe(200);
    const candidate = { candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    expect((await session.visitorPost({ kind: "candidate", callId, candidate })).status).toBe(200);
    await expect.poll(() => session.toAgent()).toContainEqual({ kind: "candidate", callId, candidate });
    expect(session.toAgent()).toContainEqual({ kind: "description", callId, description: { type: "answer", sdp: "v=0 answer" } });
    // A call other than the one going on is not the visitor's to signal on.
    expect((await session.visitorPost({ kind: "candidate", callId: "c_other", candidate })).status).toBe(404);

    // Accepted twelve seconds ago, as far as the length goes.
    await db
      .update(sessions)
      .set({ callAcceptedAt: new Date(Date.now() - 12_000) })
      .where(eq(sessions.id, session.sessionId));
    expect((await session.agentPost({ kind: "end", callId })).status).toBe(200);
    await expect.poll(() => session.toVisitor()).toContainEqual({ kind: "end", callId });
    const ended = await row(session.sessionId);
    expect(ended).toMatchObject({ callId: null, callState: null, callAcceptedAt: null, callSeconds: 12 });
    const resource = toSessionResource(ended, [], { id: session.team.id, domain: "shop.example.com", recordingLinkTtlHours: 24 });
    expect(resource).toMatchObject({ call_length_seconds: 12, formatted_call_length: expect.any(String) });
    expect(resource.features_used).toContain("audio");

    expect(await audit(session.sessionId)).toEqual([
      { action: "call_started", actor: "agent:u_1", detail: expect.objectContaining({ call_id: callId, session_id: session.sessionId }) },
      { action: "call_accepted", actor: expect.stringMatching(/^visitor:/), detail: expect.objectContaining({ call_id: callId }) },
      { action: "call_ended", actor: "agent:u_1", detail: expect.objectContaining({ call_id: callId, seconds: 12 }) },
    ]);
  });

  it("adds up the session's calls, a declined one counting nothing, and ends the call going on with the session", async () => {
    const session = await callSession();
    const first = (await session.agentPost({ kind: "start" })).body.call.callId as string;
    expect((await session.visitorPost({ kind: "decline", callId: first })).status).toBe(200);
    await expect.poll(() => session.toAgent()).toContainEqual({ kind: "declined", callId: first });
    // Declined: it cannot be accepted after all.
    expect((await session.visitorPost({ kind: "accept", callId: first })).status).toBe(404);
    expect((await row(session.sessionId)).featuresUsed).not.toContain("audio");

    const second = (await session.agentPost({ kind: "start" })).body.call.callId as string;
    await session.visitorPost({ kind: "accept", callId: second });
    await db
      .update(sessions)
      .set({ callSeconds: 30, callAcceptedAt: new Date(Date.now() - 5_000) })
      .where(eq(sessions.id, session.sessionId));
    expect(toSessionResource(await row(session.sessionId), [], { id: session.team.id, domain: "x", recordingLinkTtlHours: 24 }).call_length_seconds).toBe(35);

    await endSession(db, session.sessionId, "visitor", { kind: "visitor" });
    expect(await row(session.sessionId)).toMatchObject({ status: "ended", callState: null, callSeconds: 35 });
    expect((await audit(session.sessionId)).map((entry) => [entry.action, entry.detail.call_id])).toEqual([
      ["call_started", first],
      ["call_declined", first],
      ["call_started", second],
      ["call_accepted", second],
      ["call_ended", second],
    ]);
    expect((await audit(session.sessionId)).at(-1)?.detail).toMatchObject({ seconds: 5, session_ended: "visitor" });
    // The session's timeline tells the calls' steps, who took each, and who ended the session.
    const { timeline } = await getSession(db, session.team, session.sessionId);
    expect(timeline?.map((event) => [event.event, event.by.kind, event.seconds])).toEqual([
      ["asked", "agent", undefined],
      ["live", "visitor", undefined],
      ["call_started", "agent", undefined],
      ["call_declined", "visitor", undefined],
      ["call_started", "agent", undefined],
      ["call_accepted", "visitor", undefined],
      ["call_ended", "visitor", 5],
      ["ended", "visitor", undefined],
    ]);
    // Over: both sides are refused.
    expect(await session.agentPost({ kind: "start" })).toMatchObject({ status: 409, body: { status: "error", error: "session_ended" } });
    expect((await session.visitorPost({ kind: "end", callId: second })).status).toBe(409);
  });

  it("refuses calls when the link does not allow audio, and while the session is not live, with 403 in the envelope", async () => {
    const noAudio = await callSession({ permissions: { allow_audio: false } });
    expect(await noAudio.agentPost({ kind: "start" })).toEqual({
      status: 403,
      body: { status: "error", error: "permission_denied", message: "The watch link does not allow audio." },
    });
    expect(await noAudio.visitorPost({ kind: "accept", callId: "c_any" })).toMatchObject({ status: 403, body: { error: "permission_denied" } });
    expect(noAudio.toVisitor()).toEqual([]);

    const waiting = await callSession({ live: false });
    expect(await waiting.agentPost({ kind: "start" })).toMatchObject({
      status: 403,
      body: { status: "error", error: "permission_denied", message: expect.stringContaining("not live") },
    });
    expect((await row(waiting.sessionId)).callId).toBeNull();
    expect(await audit(waiting.sessionId)).toEqual([]);
  });

  it("refuses another session's viewer token, and answers a malformed message with 400 naming the field", async () => {
    const one = await callSession();
    const other = await callSession();
    expect(await one.agentPost({ kind: "start" }, other.viewerToken)).toMatchObject({ status: 403, body: { status: "error", error: "forbidden" } });
    expect((await row(one.sessionId)).callId).toBeNull();

    const bad = await one.agentPost({ kind: "description", callId: "c_1", description: { type: "offer" } });
    expect(bad).toMatchObject({ status: 400, body: { status: "error", error: "invalid_request", message: expect.stringContaining("description.sdp") } });
    expect(await one.agentPost({ kind: "ring" })).toMatchObject({ status: 400, body: { error: "invalid_request", message: expect.stringContaining("kind") } });
    const badVisitor = await one.visitorPost({ kind: "candidate", callId: "c_1", candidate: { candidate: 5 } });
    expect(badVisitor).toMatchObject({ status: 400, body: { error: "invalid_request", message: expect.stringContaining("candidate.candidate") } });
    const tooLong = await one.agentPost({ kind: "description", callId: "c_1", description: { type: "offer", sdp: "x".repeat(40_000) } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: "invalid_request", message: expect.stringContaining("description.sdp") } });
  });
});
