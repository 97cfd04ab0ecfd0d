import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "@playwright/test";
import { expect, signInAs, test, type DemoUser } from "../support/fixtures";
import fs from "node:fs";
import path from "node:path";
import { liveServer, openVisitor } from "./live-helpers";

// An AI agent co-browses the demo shop through Tandem's MCP server, with the SDK's own client.
const live = liveServer({ require_authorization: true }, { TANDEM_DEMO_SEED: "1" });
const PASSWORD = "hunter2-Sup3rSecret";
const CARD = "4242 4242 4242 4242";
const VIEW_ONLY = { allow_click: false, allow_type: false, allow_scroll: false, allow_draw: false, allow_agent_redirect: false };

test.describe.configure({ mode: "serial" });

type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text?: string }[] };
let secret = "";
const reads: string[] = [];

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${live.server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as Result;
  reads.push(JSON.stringify(result));
  return result;
}

/** An agent of the team signed in to the console, in a browser of their own. */
async function signedInAgent(browser: Browser): Promise<{ page: Page; user: DemoUser }> {
  const users = JSON.parse(fs.readFileSync(path.join(live.server.dataDir, "demo-credentials.json"), "utf8")) as DemoUser[];
  const user = users.find((candidate) => candidate.role === "agent")!;
  const page = await (await browser.newContext({ baseURL: live.server.url })).newPage();
  await signInAs(page, user);
  return { page, user };
}

/** Starts a session with the visitor, who accepts the automated agent's request. */
async function startAccepted(client: Client, visitor: Page, visitorId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const started = call(client, "start_session", { visitor_id: visitorId, agent_name: "Shop helper", ...extra });
  await visitor.getByRole("dialog", { name: "Shop helper (automated) wants to see this page" }).getByRole("button", { name: "Accept" }).click();
  const result = await started;
  expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ started: true, reason: "accepted" });
  return result.structuredContent!.session_id as string;
}

const refOf = (tree: string, pattern: RegExp) =>
  Number(
    tree
      .split("\n")
      .find((line) => pattern.test(line))
      ?.match(/\[ref=(\d+)\]/)?.[1],
  );

test.beforeAll(async () => {
  const response = await live.api.post("/service-admin/keys", { data: { name: "Shop assistant", scope: "api" } });
  expect(response.status()).toBe(200);
  secret = (await response.json()).key.secret;
});

test("a wrong or missing key is 401", async () => {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  expect((await fetch(`${live.server.url}/mcp`, { method: "POST", headers, body })).status).toBe(401);
  expect((await fetch(`${live.server.url}/mcp`, { method: "POST", headers: { ...headers, authorization: "Bearer tk_not_a_key" }, body })).status).toBe(401);
});

test("the visitor accepts; the AI agent reads, adds to cart by ref, never sees masked fields, and hands over to a person", async ({ browser }) => {
  test.setTimeout(120_000);
  const visitor = await openVisitor(browser, live.server.url);
  await visitor.page.getByTestId("password").fill(PASSWORD);
  await visitor.page.getByTestId("card").fill(CARD);
  const client = await connect(secret);
  const found = await call(client, "find_visitors", { online: true });
  expect(found.structuredContent!.visitors).toEqual(expect.arrayContaining([expect.objectContaining({ visitor_id: visitor.visitorId, is_online: true })]));

  const sessionId = await startAccepted(client, visitor.page, visitor.visitorId);
  const page = await call(client, "read_page", { session_id: sessionId });
  const tree = page.structuredContent!.tree as string;
  expect(page.structuredContent!.url).toMatch(/\/demo$/);
  expect(tree).toContain("Your cart is empty.");
  expect(tree).toMatch(/textbox "Password" \[ref=\d+\]: "\[masked\]"/);
  expect(tree).toMatch(/\[masked\] "Card number" \[ref=\d+\]/);

  const addToCart = refOf(tree, /button "Add to cart"/);
  expect(addToCart).toBeGreaterThan(0);
  const clicked = await call(client, "click", { session_id: sessionId, ref: addToCart });
  expect(clicked.isError).toBeFalsy();
  await expect(visitor.page.getByTestId("cart-summary")).toHaveText("1 item in your cart, $12 in total.");
  const after = await call(client, "read_page", { session_id: sessionId });
  expect(after.structuredContent!.tree).toContain("1 item in your cart, $12 in total.");

  // Each click's change is in the very next read_page, with the real visitor script (its batching included).
  for (let count = 2; count <= 6; count++) {
    await call(client, "click", { session_id: sessionId, ref: addToCart });
    const read = await call(client, "read_page", { session_id: sessionId });
    expect(read.structuredContent!.tree).toContain(`${count} items in your cart`);
  }

  // Typing into an unmasked field works; into the card box it is refused.
  const name = refOf(after.structuredContent!.tree as string, /textbox "Name"/);
  await call(client, "type", { session_id: sessionId, ref: name, text: "Ada" });
  await expect(visitor.page.getByTestId("name")).toHaveValue("Ada");
  const card = refOf(after.structuredContent!.tree as string, /\[masked\] "Card number"/);
  expect((await call(client, "type", { session_id: sessionId, ref: card, text: "1" })).isError).toBe(true);
  await visitor.page.getByTestId("password").fill(`${PASSWORD}!`);
  await call(client, "wait_for_change", { session_id: sessionId, timeout_ms: 2000 });

  // Handed over to the team's people: the AI agent gets the visitor's page in the console, for signed-in agents
  // only. A signed-in agent co-browses from it and joins the same session, credited under their own name; the
  // visitor is asked again (the team asks first) by that name, then told who is helping; the AI agent only reads.
  expect((await call(client, "highlight", { session_id: sessionId, ref: addToCart })).isError).toBeFalsy();
  await expect(visitor.page.locator("[data-tandem-drawing] polyline")).toHaveCount(1);
  const handed = await call(client, "hand_over", { session_id: sessionId, note: "Asked about gift cards." });
  const consoleUrl = handed.structuredContent!.console_url as string;
  expect(consoleUrl).toBe(`${live.server.url}/visitors/${visitor.visitorId}`);
  expect(JSON.stringify(handed)).not.toContain("/watch/");
  expect((await fetch(consoleUrl, { redirect: "manual" })).status).toBeGreaterThanOrEqual(300);
  const person = await signedInAgent(browser);
  await person.page.goto(consoleUrl);
  await person.page.getByRole("button", { name: "Co-browse", exact: true }).click();
  await expect(person.page).toHaveURL(/\/watch\/session\//);
  await visitor.page
    .getByRole("dialog", { name: `${person.user.name} wants to see this page` })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(visitor.page.locator("[data-tandem-bar]")).toContainText(`${person.user.name} is helping you`);
  await expect(person.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  const refused = await call(client, "click", { session_id: sessionId, ref: addToCart });
  expect(refused.content?.[0]?.text).toContain("handed over");
  expect((await call(client, "read_page", { session_id: sessionId })).isError).toBeFalsy();

  for (const read of reads) {
    expect(read).not.toContain(PASSWORD);
    expect(read).not.toContain("4242");
    expect(read).not.toContain("Gift card balance");
  }
  // The AI agent leaves; the person's session goes on.
  expect((await call(client, "end_session", { session_id: sessionId })).structuredContent).toMatchObject({ ended: false, reason: "handed_over" });
  await expect(person.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  // Its outline leaves with it.
  await expect(visitor.page.locator("[data-tandem-drawing] polyline")).toHaveCount(0);

  // A session like any other for the API and the console: its agent marked automated, its tools counted.
  const visitorRead = await (await live.api.get(`/v1.3/visitors/${visitor.visitorId}`)).json();
  const session = visitorRead.visitor.sessions.find((candidate: { id: string }) => candidate.id === sessionId);
  expect(session.agents.map((agent: { name: string }) => agent.name)).toEqual(["Shop helper (automated)", person.user.name]);
  expect(session.agent_notes).toBe("Asked about gift cards.");
  expect(session.metadata).toMatchObject({ automated: true, api_key: "Shop assistant" });
  expect(session.features_used).toEqual(expect.arrayContaining(["click", "type", "mcp_read_page", "mcp_click", "mcp_hand_over"]));
  await person.page.context().close();
  await client.close();
  await visitor.close();
});

test("a view-only session refuses click and type", async ({ browser }) => {
  test.setTimeout(90_000);
  const visitor = await openVisitor(browser, live.server.url);
  const client = await connect(secret);
  const sessionId = await startAccepted(client, visitor.page, visitor.visitorId, { permissions: VIEW_ONLY });
  const tree = (await call(client, "read_page", { session_id: sessionId })).structuredContent!.tree as string;
  const click = await call(client, "click", { session_id: sessionId, ref: refOf(tree, /button "Add to cart"/) });
  const type = await call(client, "type", { session_id: sessionId, ref: refOf(tree, /textbox "Name"/), text: "x" });
  for (const refused of [click, type]) {
    expect(refused.isError).toBe(true);
    expect(refused.content?.[0]?.text).toContain("permission_denied");
  }
  await expect(visitor.page.getByTestId("cart-summary")).toHaveText("Your cart is empty.");
  await call(client, "end_session", { session_id: sessionId });
  await client.close();
  await visitor.close();
});

test("the first read_page after start has the whole page, even from a slow visitor's page (its snapshot in slices)", async ({ browser }) => {
  test.setTimeout(90_000);
  const visitor = await openVisitor(browser, live.server.url);
  // A page this slow sends its first batch before the slices of its snapshot have run.
  const cdp = await visitor.page.context().newCDPSession(visitor.page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  const client = await connect(secret);
  const sessionId = await startAccepted(client, visitor.page, visitor.visitorId);
  const tree = (await call(client, "read_page", { session_id: sessionId })).structuredContent!.tree as string;
  expect(tree).toMatch(/button "Add to cart" \[ref=\d+\]/);
  expect(tree).toContain("Your cart is empty.");
  await call(client, "end_session", { session_id: sessionId });
  await client.close();
  await visitor.close();
});

test("select_option, press_key, scroll, highlight and navigate act on the page", async ({ browser }) => {
  test.setTimeout(90_000);
  const visitor = await openVisitor(browser, live.server.url);
  await visitor.page.evaluate(() =>
    document
      .querySelector("main")!
      .insertAdjacentHTML(
        "beforeend",
        '<label>Size <select id="size"><option value="s">Small</option><option value="m">Medium</option></select></label><div style="height: 3000px">Tall</div>',
      ),
  );
  const client = await connect(secret);
  const sessionId = await startAccepted(client, visitor.page, visitor.visitorId);
  const tree = (await call(client, "read_page", { session_id: sessionId })).structuredContent!.tree as string;
  expect(tree).toMatch(/combobox "Size" \[ref=\d+\]: "Small"/);

  const selected = await call(client, "select_option", { session_id: sessionId, ref: refOf(tree, /combobox "Size"/), value: "Medium" });
  expect(selected.isError).toBeFalsy();
  await expect(visitor.page.locator("#size")).toHaveValue("m");
  await expect
    .poll(async () => (await call(client, "read_page", { session_id: sessionId })).structuredContent!.tree)
    .toMatch(/combobox "Size" \[ref=\d+\]: "Medium"/);

  await call(client, "type", { session_id: sessionId, ref: refOf(tree, /textbox "Name"/), text: "Ada" });
  await call(client, "press_key", { session_id: sessionId, key: "Backspace" });
  await expect(visitor.page.getByTestId("name")).toHaveValue("Ad");

  await call(client, "scroll", { session_id: sessionId, dy: 400 });
  await expect.poll(() => visitor.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect.poll(async () => ((await call(client, "read_page", { session_id: sessionId })).structuredContent!.scroll as { y: number }).y).toBeGreaterThan(0);

  expect((await call(client, "highlight", { session_id: sessionId, ref: refOf(tree, /button "Add to cart"/) })).isError).toBeFalsy();

  await call(client, "navigate", { session_id: sessionId, url: `${live.server.url}/demo?step=2` });
  await expect(visitor.page).toHaveURL(/step=2/);
  await expect.poll(async () => (await call(client, "read_page", { session_id: sessionId })).structuredContent!.url, { timeout: 20_000 }).toMatch(/step=2/);
  await call(client, "end_session", { session_id: sessionId });
  await client.close();
  await visitor.close();
});
