import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { CONSOLE_BATCH_MAX, CONSOLE_TEXT_MAX, MAX_CONSOLE_BATCH_BYTES } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { streamMessages } from "@/lib/testing/stream-messages";
import { newId } from "../core/ids";
import { sessions } from "../core/schema";
import { signViewerToken } from "../live/viewer-token";
import { registerVisitor } from "../visitors/ingest/register";
import { insertTeam } from "../visitors/ingest/test-fixtures";
import { serveForTests, type TestService } from "./test-service";

// The remote console over HTTP, on a real database: what a visitor's page sends, who may send it, and
// what reaches the watch page.
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "console-routes-test-link-signing-secret-0123456789";
});

let db: Db;
let service: TestService;
serveForTests((opened) => ({ db, service } = opened));

async function visitorOf(team: Awaited<ReturnType<typeof insertTeam>>) {
  const visitor = await registerVisitor(
    db,
    team,
    { url: "https://shop.example.com/" },
    { browserName: null, deviceName: null, deviceType: "desktop", ipAddress: "" },
  );
  return { visitorId: visitor.visitorId, headers: { "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token } };
}

async function session(options: { allowConsole: boolean; authorized?: boolean }) {
  const team = await insertTeam(db, { requireAuthorization: true, urlRedactedParams: ["token"] });
  const visitor = await visitorOf(team);
  const sessionId = newId("s_", 16);
  await db.insert(sessions).values({
    id: sessionId,
    teamId: team.id,
    visitorId: visitor.visitorId,
    sessionAuthorized: options.authorized ?? true,
    permissions: { allow_console: options.allowConsole },
  });
  return { team, sessionId, visitor, viewerToken: await signViewerToken({ sessionId, agentId: "u_1" }) };
}

const log = (text: string) => ({ kind: "log", at: 1_700_000_000_000, text });

async function send(headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${service.url}/collect/live/console`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("POST /collect/live/console", () => {
  it("relays the page's messages to the watch page as they come, redacting failed requests' addresses, and notes the feature", async () => {
    const live = await session({ allowConsole: true });
    const viewer = streamMessages(`${service.url}/live/sessions/${live.sessionId}/stream`, { authorization: `Bearer ${live.viewerToken}` });
    await expect.poll(() => viewer.messages.map((message) => message.type)).toContain("status");
    const entries = [
      log("cart: 2 items"),
      {
        kind: "exception",
        at: 1_700_000_000_001,
        text: "TypeError: x is undefined",
        stack: "TypeError: x is undefined\n    at pay (https://shop.example.com/app.js:3:9)",
      },
      { kind: "network", at: 1_700_000_000_002, method: "POST", url: "https://api.example.com/pay?token=abc&page=2#frag", status: 502 },
      { kind: "network", at: 1_700_000_000_003, method: "GET", url: "https://api.example.com/cart", status: null },
    ];
    expect(await send(live.visitor.headers, { sessionId: live.sessionId, entries, dropped: 3 })).toEqual({ status: 200, json: { status: "ok" } });
    await expect
      .poll(() => viewer.messages.find((message) => message.type === "console"))
      .toEqual({
        type: "console",
        entries: [entries[0], entries[1], { ...entries[2], url: "https://api.example.com/pay?token=&page=2" }, entries[3]],
        dropped: 3,
      });
    const [row] = await db.select({ featuresUsed: sessions.featuresUsed }).from(sessions).where(eq(sessions.id, live.sessionId));
    expect(row.featuresUsed).toContain("console");
    await viewer.stop();
  });

  it("is refused with 403 when the watch link does not allow the console, and nothing reaches the watch page", async () => {
    const closed = await session({ allowConsole: false });
    const viewer = streamMessages(`${service.url}/live/sessions/${closed.sessionId}/stream`, { authorization: `Bearer ${closed.viewerToken}` });
    await expect.poll(() => viewer.messages.map((message) => message.type)).toContain("status");
    expect(await send(closed.visitor.headers, { sessionId: closed.sessionId, entries: [log("hello")], dropped: 0 })).toMatchObject({
      status: 403,
      json: { status: "error", error: "permission_denied" },
    });
    // The default of a link that says nothing is no console either.
    await db.update(sessions).set({ permissions: {} }).where(eq(sessions.id, closed.sessionId));
    const other = await session({ allowConsole: false });
    await db.update(sessions).set({ permissions: {} }).where(eq(sessions.id, other.sessionId));
    expect((await send(other.visitor.headers, { sessionId: other.sessionId, entries: [log("hello")], dropped: 0 })).status).toBe(403);
    await viewer.stop();
    expect(viewer.messages.some((message) => message.type === "console")).toBe(false);
    const [row] = await db.select({ featuresUsed: sessions.featuresUsed }).from(sessions).where(eq(sessions.id, closed.sessionId));
    expect(row.featuresUsed).not.toContain("console");
  });

  it("is refused while the session is not live: before the visitor accepted, and once it ended", async () => {
    const pending = await session({ allowConsole: true, authorized: false });
    expect(await send(pending.visitor.headers, { sessionId: pending.sessionId, entries: [log("hello")], dropped: 0 })).toMatchObject({
      status: 403,
      json: { status: "error", error: "consent_required" },
    });
    const ended = await session({ allowConsole: true });
    await db.update(sessions).set({ status: "ended", endedAt: new Date() }).where(eq(sessions.id, ended.sessionId));
    expect(await send(ended.visitor.headers, { sessionId: ended.sessionId, entries: [log("hello")], dropped: 0 })).toMatchObject({
      status: 409,
      json: { status: "error", error: "session_ended" },
    });
  });

  it("takes only the session's own visitor: another visitor's credentials get 404, none 401", async () => {
    const live = await session({ allowConsole: true });
    const stranger = await visitorOf(live.team);
    expect(await send(stranger.headers, { sessionId: live.sessionId, entries: [log("hello")], dropped: 0 })).toMatchObject({
      status: 404,
      json: { status: "error", error: "not_found" },
    });
    expect((await send({}, { sessionId: live.sessionId, entries: [log("hello")], dropped: 0 })).status).toBe(401);
  });

  it("refuses malformed and oversized batches with 4xx naming the field", async () => {
    const live = await session({ allowConsole: true });
    const batch = (overrides: Record<string, unknown>) => ({ sessionId: live.sessionId, entries: [log("hello")], dropped: 0, ...overrides });
    const refused = async (body: unknown, field: string) => {
      const answer = await send(live.visitor.headers, body);
      expect(answer, field).toMatchObject({ status: 400, json: { status: "error", error: "invalid_request", message: expect.stringContaining(field) } });
    };
    await refused(batch({ entries: [{ kind: "debug", at: 1, text: "x" }] }), "entries[0].kind");
    await refused(batch({ entries: [log("x".repeat(CONSOLE_TEXT_MAX + 1))] }), "entries[0].text");
    await refused(batch({ entries: [{ kind: "network", at: 1, method: "GET", url: "https://a.example/", status: "502" }] }), "entries[0].status");
    await refused(batch({ entries: Array.from({ length: CONSOLE_BATCH_MAX + 1 }, () => log("x")) }), "entries");
    await refused(batch({ dropped: -1 }), "dropped");
    await refused({ entries: [], dropped: 0 }, "sessionId");
    expect(await send(live.visitor.headers, "{oops")).toMatchObject({ status: 400, json: { error: "invalid_request" } });
    const huge = await send(live.visitor.headers, batch({ entries: [log("x".repeat(MAX_CONSOLE_BATCH_BYTES))] }));
    expect(huge).toMatchObject({ status: 413, json: { status: "error", error: "payload_too_large" } });
  });
});
