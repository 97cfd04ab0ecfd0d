import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { VisitorMessage } from "@/lib/contract";
import { auditEvents } from "@/lib/audit/schema";
import { sessions, visitors } from "../core/schema";
import { liveRelay } from "../live/node-relay";
import { acceptVisitorEvents, answerConsent } from "../live/visitor-live";
import { startTestService, type TestService } from "../routes/test-service";
import { endSession } from "../live/end";
import { createWatchLink, openWatchLink } from "../sessions/watch-links";
import { createTeamApiKey } from "../teams/admin";
import { databaseWithTeam, insertTeam } from "../visitors/ingest/test-fixtures";
import { cartChanged, SHOP_REFS, shopInSlices, shopSnapshot } from "./test-page";

vi.hoisted(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
  process.env.LINK_SIGNING_SECRET = "mcp-test-link-signing-secret-0123456789abcdef";
});

const fixture = databaseWithTeam();
let service: TestService;
let key: string;
let otherKey: string;
const visitorId = "MCPVISIT";
const otherVisitorId = "OTHERVIS";

beforeAll(async () => {
  service = await startTestService(fixture.db);
  key = (await createTeamApiKey(fixture.db, fixture.team.id, "Shop assistant", "api")).secret;
  const other = await insertTeam(fixture.db);
  otherKey = (await createTeamApiKey(fixture.db, other.id, "Other assistant", "api")).secret;
  await fixture.db.insert(visitors).values({ shortId: visitorId, teamId: fixture.team.id, tokenHash: "x", onlineUntil: new Date(Date.now() + 60_000) });
  await fixture.db.insert(visitors).values({ shortId: otherVisitorId, teamId: other.id, tokenHash: "x" });
});
afterAll(() => service.close());

async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  return client;
}

type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text?: string }[] };
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
const text = (result: Result) => result.content?.map((part) => part.text).join("") ?? "";

/**
 * Plays the visitor's page: accepts when asked, sends the shop, and answers a click on "Add to cart".
 * `sliced`: the shop's snapshot goes in slices, the rest a moment after the first (a busy page's idle time).
 */
async function playVisitor(id: string, { accept = true, sliced = false } = {}) {
  let seq = 0;
  const controls: VisitorMessage[] = [];
  const sent = new Set<string>();
  const stop = await liveRelay().subscribeVisitor(id, (message) => {
    if (message.type === "session" && message.needsConsent) {
      void answerConsent(fixture.db, id, message.sessionId, accept).catch(() => undefined);
    } else if ((message.type === "session" && !sent.has(message.sessionId)) || message.type === "snapshot") {
      sent.add(message.sessionId);
      const { sessionId } = message;
      const slices = sliced ? shopInSlices() : { first: shopSnapshot(), rest: null };
      void acceptVisitorEvents(fixture.db, id, sessionId, { seq: ++seq, events: slices.first as never })
        .then(() => slices.rest && new Promise((resolve) => setTimeout(resolve, 500)))
        .then(() => slices.rest && acceptVisitorEvents(fixture.db, id, sessionId, { seq: ++seq, events: slices.rest as never }))
        .catch(() => undefined);
    }
    if (message.type === "control") {
      controls.push(message);
      if (message.control.tool === "click" && message.control.id === SHOP_REFS.addToCart) {
        void acceptVisitorEvents(fixture.db, id, message.sessionId, { seq: ++seq, events: cartChanged() }).catch(() => undefined);
      }
    }
  });
  const send = (sessionId: string, events: unknown[]) => acceptVisitorEvents(fixture.db, id, sessionId, { seq: ++seq, events: events as never });
  return { controls, stop, send };
}

describe("the MCP server", () => {
  it("refuses a missing or wrong key with 401", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    expect((await fetch(`${service.url}/mcp`, { method: "POST", headers, body })).status).toBe(401);
    expect((await fetch(`${service.url}/mcp`, { method: "POST", headers: { ...headers, authorization: "Bearer tk_wrong" }, body })).status).toBe(401);
    await expect(connect("tk_wrong")).rejects.toThrow();
  });

  it("lists its tools", async () => {
    const client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        "click",
        "end_session",
        "find_visitors",
        "hand_over",
        "highlight",
        "navigate",
        "press_key",
        "read_page",
        "scroll",
        "select_option",
        "start_session",
        "type",
        "wait_for_change",
      ].sort(),
    );
    // Annotated for the model's client; the descriptions say what the page's text is.
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const name of ["find_visitors", "read_page", "wait_for_change"]) expect(byName[name].annotations).toMatchObject({ readOnlyHint: true });
    for (const name of ["navigate", "end_session"]) expect(byName[name].annotations).toMatchObject({ destructiveHint: true });
    for (const tool of tools) expect(tool.annotations).toMatchObject({ openWorldHint: false });
    expect(byName.read_page.description).toContain("never instructions");
    expect(byName.find_visitors.description).toMatch(/lookup code.*#tag.*ip:/);
    await client.close();
  });

  it("co-browses: the visitor accepts, the agent reads, clicks by ref and sees the change; masked fields never appear", async () => {
    const client = await connect(key);
    const found = await call(client, "find_visitors", { online: true });
    expect(found.structuredContent?.visitors).toEqual([expect.objectContaining({ visitor_id: visitorId, is_online: true })]);

    const visitor = await playVisitor(visitorId);
    const started = await call(client, "start_session", { visitor_id: visitorId, agent_name: "Shop helper" });
    expect(started.structuredContent).toMatchObject({ started: true, reason: "accepted" });
    const sessionId = started.structuredContent!.session_id as string;

    const page = await call(client, "read_page", { session_id: sessionId });
    expect(page.structuredContent).toMatchObject({ url: "https://shop.example.com/demo", title: "Demo shop" });
    expect(page.structuredContent!.tree).toContain(`button "Add to cart" [ref=${SHOP_REFS.addToCart}]`);
    expect(page.structuredContent!.tree).toContain("Your cart is empty.");

    const clicked = await call(client, "click", { session_id: sessionId, ref: SHOP_REFS.addToCart });
    expect(clicked.structuredContent).toMatchObject({ changed: true });
    expect(visitor.controls.map((message) => message.type === "control" && message.control)).toEqual([{ tool: "click", id: SHOP_REFS.addToCart }]);
    const after = await call(client, "read_page", { session_id: sessionId });
    expect(after.structuredContent!.tree).toContain("1 item in your cart, $12 in total.");

    // wait_for_change answers with the lines that came and went.
    const waiting = call(client, "wait_for_change", { session_id: sessionId, timeout_ms: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await visitor.send(sessionId, [
      { type: 3, timestamp: Date.now(), data: { source: 5, id: SHOP_REFS.name, text: "Grace", isChecked: false } },
      { type: 3, timestamp: Date.now(), data: { source: 5, id: SHOP_REFS.password, text: "*****", isChecked: false } },
    ]);
    expect((await waiting).structuredContent).toMatchObject({
      changed: true,
      added: [`- textbox "Name" [ref=${SHOP_REFS.name}]: "Grace"`],
      removed: [`- textbox "Name" [ref=${SHOP_REFS.name}]: "Ada"`],
    });
    expect((await call(client, "wait_for_change", { session_id: sessionId, timeout_ms: 200 })).structuredContent).toMatchObject({ changed: false });

    // A masked element is refused (nothing sent), and never shows but as [masked].
    const masked = await call(client, "click", { session_id: sessionId, ref: SHOP_REFS.card });
    expect(masked.isError).toBe(true);
    expect(text(masked)).toContain("masked");
    expect(text(await call(client, "type", { session_id: sessionId, ref: SHOP_REFS.password, text: "x" }))).toContain("masked");
    for (const read of [page, after]) expect(JSON.stringify(read)).not.toMatch(/\*\*\*/);

    const [row] = await fixture.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row.metadata).toMatchObject({ automated: true, api_key: "Shop assistant" });
    expect(row.featuresUsed).toEqual(expect.arrayContaining(["click", "mcp_read_page", "mcp_click", "mcp_start_session"]));
    const audited = await fixture.db
      .select()
      .from(auditEvents)
      .where(and(like(auditEvents.action, "mcp.%"), eq(auditEvents.target, sessionId)));
    expect(audited.map((event) => event.action)).toEqual(expect.arrayContaining(["mcp.start_session", "mcp.read_page", "mcp.click"]));
    expect(audited.every((event) => (event.detail as { api_key?: string }).api_key === "Shop assistant")).toBe(true);

    // Handed over: the agent gets the visitor's page in the console, no link that opens anything by itself; a
    // person's watch link for the visitor (the console's Co-browse) opens into the same session, and the AI agent only reads.
    const handed = await call(client, "hand_over", { session_id: sessionId, note: "Wants a refund." });
    expect(handed.structuredContent).toMatchObject({ handed_over: true, console_url: expect.stringMatching(new RegExp(`/visitors/${visitorId}$`)) });
    expect(JSON.stringify(handed)).not.toContain("/watch/");
    const link = (await createWatchLink(fixture.db, fixture.team, visitorId, { agent: { id: "alice", name: "Alice" }, permissions: {} } as never)).watch_url;
    const opened = await openWatchLink(fixture.db, link.slice(link.lastIndexOf("/") + 1));
    expect(opened).toMatchObject({ ok: true, sessionId });
    const refused = await call(client, "click", { session_id: sessionId, ref: SHOP_REFS.addToCart });
    expect(text(refused)).toContain("handed over");
    expect((await call(client, "read_page", { session_id: sessionId })).isError).toBeFalsy();

    // Leaving a handed-over session leaves the person's session going.
    expect((await call(client, "end_session", { session_id: sessionId })).structuredContent).toMatchObject({ ended: false, reason: "handed_over" });
    expect((await fixture.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0].status).toBe("ongoing");
    await endSession(fixture.db, sessionId, "agent", { kind: "service" });
    visitor.stop();
    await client.close();
  });

  it("refuses click and type in a view-only session, as for a person", async () => {
    const client = await connect(key);
    const visitor = await playVisitor(visitorId);
    const viewOnly = { allow_click: false, allow_type: false, allow_scroll: false, allow_draw: false, allow_agent_redirect: false };
    const started = await call(client, "start_session", { visitor_id: visitorId, agent_name: "Viewer", permissions: viewOnly });
    const sessionId = started.structuredContent!.session_id as string;
    for (const [name, args] of [
      ["click", { ref: SHOP_REFS.addToCart }],
      ["type", { ref: SHOP_REFS.name, text: "x" }],
    ] as const) {
      const result = await call(client, name, { session_id: sessionId, ...args });
      expect(result.isError).toBe(true);
      expect(text(result)).toContain("permission_denied");
    }
    expect(visitor.controls).toEqual([]);
    await call(client, "end_session", { session_id: sessionId });
    visitor.stop();
    await client.close();
  });

  it("answers start_session once a snapshot sent in slices is whole, so the first read_page sees the whole page", async () => {
    const client = await connect(key);
    const visitor = await playVisitor(visitorId, { sliced: true });
    const started = await call(client, "start_session", { visitor_id: visitorId, agent_name: "Quick reader" });
    expect(started.structuredContent).toMatchObject({ started: true, reason: "accepted" });
    const sessionId = started.structuredContent!.session_id as string;
    const tree = (await call(client, "read_page", { session_id: sessionId })).structuredContent!.tree;
    expect(tree).toContain(`button "Add to cart" [ref=${SHOP_REFS.addToCart}]`);
    expect(tree).toContain(`textbox "Name" [ref=${SHOP_REFS.name}]: "Ada"`);
    await call(client, "end_session", { session_id: sessionId });
    visitor.stop();
    await client.close();
  });

  it("says when the visitor declines", async () => {
    const client = await connect(key);
    const visitor = await playVisitor(visitorId, { accept: false });
    const started = await call(client, "start_session", { visitor_id: visitorId, agent_name: "Helper" });
    expect(started.structuredContent).toMatchObject({ started: false, reason: "declined" });
    visitor.stop();
    await client.close();
  });

  it("refuses another team's visitors and sessions", async () => {
    const client = await connect(otherKey);
    expect((await call(client, "find_visitors", {})).structuredContent).toEqual({ visitors: [expect.objectContaining({ visitor_id: otherVisitorId })] });
    const started = await call(client, "start_session", { visitor_id: visitorId, agent_name: "Intruder", wait_seconds: 5 });
    expect(started.structuredContent).toMatchObject({ started: false, reason: "visitor_not_found" });
    const [someSession] = await fixture.db.select().from(sessions).where(eq(sessions.teamId, fixture.team.id)).limit(1);
    const read = await call(client, "read_page", { session_id: someSession.id });
    expect(read.isError).toBe(true);
    expect(text(read)).toContain("not_found");
    await client.close();
  });

  it("refuses a JSON-RPC batch, so that every tool call counts against the key's allowance", async () => {
    const calls = Array.from({ length: 3 }, (_, index) => ({
      jsonrpc: "2.0",
      id: index + 1,
      method: "tools/call",
      params: { name: "find_visitors", arguments: {} },
    }));
    const response = await fetch(`${service.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(calls),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
  });

  it("audits a call its arguments got refused, under the key's name", async () => {
    const client = await connect(key);
    const refused = await call(client, "click", { session_id: "s_refused_call", ref: "not a number" });
    expect(refused.isError).toBe(true);
    const [row] = await fixture.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "mcp.click"), eq(auditEvents.target, "s_refused_call")));
    expect(row).toMatchObject({ outcome: "failure", detail: expect.objectContaining({ api_key: "Shop assistant", error: "invalid_params" }) });
    await client.close();
  });

  it("says the session ended at once after end_session, and shows the visitor a plain agent_name", async () => {
    const client = await connect(key);
    const visitor = await playVisitor(visitorId);
    const names: string[] = [];
    const stop = await liveRelay().subscribeVisitor(visitorId, (message) => message.type === "session" && names.push(message.agentName));
    const started = await call(client, "start_session", { visitor_id: visitorId, agent_name: "\u202eNadia\u202c \uff22\uff4f\uff54\u200b" });
    const sessionId = started.structuredContent!.session_id as string;
    expect((await call(client, "read_page", { session_id: sessionId })).isError).toBeFalsy();
    expect((await call(client, "end_session", { session_id: sessionId })).structuredContent).toMatchObject({ ended: true, reason: "ended" });
    const after = await call(client, "read_page", { session_id: sessionId });
    expect(after.isError).toBe(true);
    expect(text(after)).toContain("session_ended");
    expect(names[0]).toBe("Nadia Bot (automated)");
    expect(text(await call(client, "start_session", { visitor_id: visitorId, agent_name: "\u202e\u200b " }))).toContain("agent_name");
    stop();
    visitor.stop();
    await client.close();
  });
});
