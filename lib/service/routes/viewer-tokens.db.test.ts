import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditEvents } from "@/lib/audit/schema";
import type { Db } from "@/lib/db";
import { sessions } from "../core/schema";
import { endAbandonedSessions } from "../live/end";
import { createTeamApiKey } from "../teams/admin";
import type { Team } from "../teams/team";
import { registerVisitor } from "../visitors/ingest/register";
import { desktopChrome, insertTeam } from "../visitors/ingest/test-fixtures";
import { serveForTests, type TestService } from "./test-service";

// v1.4 through Tandem's server on a real database: v1.3 again under /v1.4 with a Bearer key, and viewer
// tokens from their minting to the embedded viewer's one redemption.
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "viewer-token-test-link-signing-secret-0123456789";
  process.env.API_RATE_LIMIT_PER_MINUTE = "100000";
});

const HOST = "https://helpdesk.example.com";
let db: Db;
let service: TestService;
serveForTests((opened) => ({ db, service } = opened));

async function teamWithVisitor(settings: Partial<Team> = {}) {
  const team = await insertTeam(db, { embedOrigins: [HOST], ...settings });
  const { secret } = await createTeamApiKey(db, team.id, "Helpdesk", "api");
  const visitor = await registerVisitor(db, team, { url: "https://shop.example.com/" }, desktopChrome);
  return { team, key: secret, visitorId: visitor.visitorId };
}

const mint = (key: string, visitorId: string, body: unknown = { viewer: { id: "zd-42", name: "Ada Agent" } }, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/v1.4/visitors/${visitorId}/viewer_token`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const redeem = (token: string, hostOrigin = HOST) =>
  fetch(`${service.url}/live/viewer-tokens/redeem`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ host_origin: hostOrigin }),
  });

describe("v1.4", () => {
  it("answers every v1.3 request under /v1.4 with the key as a Bearer header or X-Api-Key, and 401 without", async () => {
    const { key, visitorId } = await teamWithVisitor();
    const v13 = await (await fetch(`${service.url}/v1.3/visitors/${visitorId}`, { headers: { "x-api-key": key } })).json();
    const bearer = await fetch(`${service.url}/v1.4/visitors/${visitorId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(bearer.status).toBe(200);
    expect(await bearer.json()).toEqual(v13);
    expect((await fetch(`${service.url}/v1.4/visitors/${visitorId}`, { headers: { "x-api-key": key } })).status).toBe(200);
    const anonymous = await fetch(`${service.url}/v1.4/visitors/${visitorId}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: "error", error: "invalid_api_key" });
    expect((await fetch(`${service.url}/v1.4/visitors/${visitorId}`, { headers: { authorization: "Bearer tk_nope" } })).status).toBe(401);
  });

  it("publishes its own document: v1.3's operations under /v1.4 and viewer tokens", async () => {
    const document = await (await fetch(`${service.url}/v1.4/openapi.json`)).json();
    expect(document.info.version).toBe("1.4");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/v1.4/visitors/{visitor_id}/viewer_token", "/v1.4/list", "/v1.4/visitors/{visitor_id}/watch_url"]),
    );
    expect(Object.keys(document.paths).every((path) => path.startsWith("/v1.4/"))).toBe(true);
    expect(document.components.securitySchemes.bearerKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});

describe("a viewer token", () => {
  it("creates the session with the viewer as its agent, audited, and starts one viewer on an allowed origin, once", async () => {
    const { team, key, visitorId } = await teamWithVisitor();
    const minted = await mint(key, visitorId);
    expect(minted.status).toBe(200);
    const answer = await minted.json();
    expect(answer).toMatchObject({
      status: "ok",
      endpoint: expect.stringMatching(/^http/),
      region: "self-hosted",
      short_id: visitorId,
      session_id: expect.any(String),
    });
    expect(answer.token).not.toContain(key);

    // The session exists at once, credited to the viewer as its agent, and the minting is audited.
    const visitor = await (await fetch(`${service.url}/v1.4/visitors/${visitorId}`, { headers: { authorization: `Bearer ${key}` } })).json();
    expect(visitor.visitor.sessions).toEqual([expect.objectContaining({ id: answer.session_id, agents: [expect.objectContaining({ name: "Ada Agent" })] })]);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.target, answer.session_id));
    expect(audit.map((entry) => entry.action)).toEqual(["viewer_token.created"]);
    expect(audit[0].detail).toMatchObject({ team: team.id, visitor_id: visitorId, viewer: "zd-42" });

    // Another origin gets nothing, and does not spend the token.
    const elsewhere = await redeem(answer.token, "https://evil.example.net");
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ status: "error", error: "forbidden" });

    const redeemed = await redeem(answer.token);
    expect(redeemed.status).toBe(200);
    const { session } = await redeemed.json();
    expect(session).toMatchObject({ sessionId: answer.session_id, visitorId, branding: { naked: "page_only" }, agents: ["Ada Agent"] });
    // The credential it hands over is the watch page's, for this session alone.
    expect((await fetch(`${service.url}/live/sessions/${answer.session_id}`, { headers: { authorization: `Bearer ${session.token}` } })).status).toBe(200);
    const other = await (await mint(key, visitorId)).json();
    expect((await fetch(`${service.url}/live/sessions/${other.session_id}`, { headers: { authorization: `Bearer ${session.token}` } })).status).toBe(403);
    // The token itself opens no live endpoint.
    expect((await fetch(`${service.url}/live/sessions/${answer.session_id}`, { headers: { authorization: `Bearer ${answer.token}` } })).status).toBe(401);

    const again = await redeem(answer.token);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: "invalid_viewer_token", message: expect.stringContaining("already been used") });
  });

  it("is redeemed once when two frames try at the same moment", async () => {
    const { key, visitorId } = await teamWithVisitor();
    const { token } = await (await mint(key, visitorId)).json();
    const statuses = (await Promise.all([redeem(token), redeem(token), redeem(token)])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 401, 401]);
  });

  it("refuses tampered tokens, watch links and tokens past their ten minutes", async () => {
    const { key, visitorId } = await teamWithVisitor();
    const { token } = await (await mint(key, visitorId)).json();
    expect((await redeem(`${token.slice(0, -4)}AAAA`)).status).toBe(401);
    const link = await (
      await fetch(`${service.url}/v1.4/visitors/${visitorId}/watch_url`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ agent: { id: "a1", name: "Agent" } }),
      })
    ).json();
    expect((await redeem(link.watch_url.slice(link.watch_url.lastIndexOf("/") + 1))).status).toBe(401);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 + 5_000 });
    try {
      const expired = await redeem(token);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ message: expect.stringContaining("expired") });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps its session waiting for the viewer while the token lasts, then ends it as abandoned", async () => {
    const { key, visitorId } = await teamWithVisitor();
    const { session_id } = await (await mint(key, visitorId)).json();
    await endAbandonedSessions(db, new Date(Date.now() + 5 * 60_000));
    expect((await db.select().from(sessions).where(eq(sessions.id, session_id)))[0].status).toBe("ongoing");
    await endAbandonedSessions(db, new Date(Date.now() + 11 * 60_000));
    expect((await db.select().from(sessions).where(eq(sessions.id, session_id)))[0]).toMatchObject({ status: "ended", endReason: "agent_left" });
  });

  it("answers as a watch link does: 404 for an unknown visitor, 402 past the session limit, 400 naming a bad field, 401 without a key", async () => {
    const { key, visitorId } = await teamWithVisitor({ maxConcurrentSessions: 1 });
    expect(await (await mint(key, "v_nobody")).json()).toMatchObject({ status: "error", error: "visitor_not_found" });
    expect((await mint(key, visitorId)).status).toBe(200);
    const limited = await mint(key, visitorId);
    expect(limited.status).toBe(402);
    expect(await limited.json()).toMatchObject({ error: "subscription_limit" });
    const malformed = await mint(key, visitorId, { viewer: { id: "x" } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "invalid_request", message: expect.stringContaining("viewer.name") });
    expect((await mint(key, visitorId, { viewer: { id: "x", name: "y" }, permissions: { allow_click: "yes" } })).status).toBe(400);
    expect((await mint("", visitorId, undefined, { authorization: "" })).status).toBe(401);
    const huge = await mint(key, visitorId, { viewer: { id: "x", name: "y".repeat(300_000) } });
    expect(huge.status).toBe(413);
  });

  it("carries the permissions asked into the session, over the team's defaults", async () => {
    const { key, visitorId } = await teamWithVisitor();
    const { token } = await (await mint(key, visitorId, { viewer: { id: "v", name: "Viewer" }, permissions: { allow_click: false } })).json();
    const { session } = await (await redeem(token)).json();
    expect(session.permissions).toMatchObject({ allow_click: false });
  });
});
