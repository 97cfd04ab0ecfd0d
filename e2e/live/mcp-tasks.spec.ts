import fs from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { fidelitySuite } from "../fidelity/support/fidelity";
import { ScriptedAgent, wordsAndSymbols } from "./mcp-agent";

/**
 * An AI agent finishes real tasks through Tandem's MCP server: a script that knows each page only from
 * the tools' text finds every control by role and name, acts by ref, and each task is checked on the
 * visitor's real page. Beside each page's first read, Playwright's own accessibility snapshot of the same
 * page in its AI mode (with refs: what Playwright's MCP server answers): Tandem's read costs a model no more.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "live", "mcp-pages"));
const live = suite.live;
test.describe.configure({ mode: "serial" });

let client: Client;
const sizes: string[] = [];

test.beforeAll(async () => {
  const response = await live.api.post("/service-admin/keys", { data: { name: "Task agent", scope: "api" } });
  client = await ScriptedAgent.connect(live.server.url, (await response.json()).key.secret);
});
test.afterAll(async () => {
  await client?.close();
  if (sizes.length) console.log(`read_page against Playwright's snapshot (characters; words and symbols):\n${sizes.join("\n")}`);
});

async function visit(browser: Browser, url: string): Promise<{ page: Page; visitorId: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  const visitorId = () => page.evaluate(() => (JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string) ?? "");
  await expect.poll(visitorId).toMatch(/^[A-Z2-9]{8}$/);
  return { page, visitorId: await visitorId(), close: () => context.close() };
}

/** The agent's first read of the page, measured against Playwright's snapshot of the visitor's page. */
async function firstRead(agent: ScriptedAgent, page: Page, label: string): Promise<void> {
  const tandem = (await agent.read()).split("\n").slice(1).join("\n");
  const playwright = await page.ariaSnapshot({ mode: "ai" });
  sizes.push(`${label}: Tandem ${tandem.length}; ${wordsAndSymbols(tandem)}, Playwright ${playwright.length}; ${wordsAndSymbols(playwright)}`);
  expect(wordsAndSymbols(tandem), `${label}: Tandem's read\n${tandem}\n\nPlaywright's snapshot\n${playwright}`).toBeLessThanOrEqual(
    wordsAndSymbols(playwright),
  );
}

test("a form with values in it: every kind of field changed, and saved", async ({ browser }) => {
  const visitor = await visit(browser, suite.site.url("form.html"));
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "form");
  expect(agent.find("textbox", "Full name").value).toBe("Nadia N");
  expect(agent.find("combobox", "Country").value).toBe("France");
  expect(agent.find("radio", "Basic").states).toContain("[checked]");
  expect(agent.find("checkbox", "Send me the newsletter").states).toContain("[checked]");

  await agent.call("type", { ref: agent.ref("textbox", "Full name"), text: "Robo Typed" });
  await agent.call("select_option", { ref: agent.ref("combobox", "Country"), value: "Germany" });
  await agent.call("click", { ref: agent.ref("radio", "Pro") });
  await agent.call("click", { ref: agent.ref("checkbox", "Send me the newsletter") });
  await agent.call("type", { ref: agent.ref("textbox", "Start date"), text: "2026-04-01" });
  await agent.call("type", { ref: agent.ref("textbox", "Message"), text: " Thanks!", append: true });
  const saved = await agent.call("click", { ref: agent.ref("button", "Save") });
  expect(saved).toContain('"Saved."');

  const form = visitor.page.locator("#details");
  await expect(form.locator("[name=name]")).toHaveValue("Robo Typed");
  await expect(form.locator("[name=country]")).toHaveValue("de");
  await expect(form.locator("[value=pro]")).toBeChecked();
  await expect(form.locator("[name=newsletter]")).not.toBeChecked();
  await expect(form.locator("[name=start]")).toHaveValue("2026-04-01");
  await expect(form.locator("[name=message]")).toHaveValue("Please call after 5. Thanks!");
  await agent.read();
  expect(agent.find("textbox", "Full name").value).toBe("Robo Typed");
  expect(agent.find("radio", "Pro").states).toContain("[checked]");
  await agent.call("end_session");
  await visitor.close();
});

test("a dialog opened by a click and closed with Escape", async ({ browser }) => {
  const visitor = await visit(browser, suite.site.url("dialog.html"));
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "dialog");
  const opened = await agent.call("click", { ref: agent.ref("button", "Open settings") });
  expect(opened).toMatch(/- dialog "Settings"/);
  await expect(visitor.page.locator("dialog")).toHaveJSProperty("open", true);
  const closed = await agent.call("press_key", { key: "Escape" });
  expect(closed).toMatch(/went:[\s\S]*- dialog "Settings"/);
  await expect(visitor.page.locator("dialog")).toHaveJSProperty("open", false);
  await agent.call("end_session");
  await visitor.close();
});

test("a listbox worked with the arrow keys", async ({ browser }) => {
  const visitor = await visit(browser, suite.site.url("listbox.html"));
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "listbox");
  expect(agent.find("option", "Apple").states).toContain("[selected]");
  await agent.call("press_key", { ref: agent.ref("listbox", "Fruit"), key: "ArrowDown" });
  const moved = await agent.call("press_key", { key: "ArrowDown" });
  expect(moved).toMatch(/- option "Cherry" \[selected\]/);
  await expect(visitor.page.locator("#chosen")).toHaveText("Cherry");
  await agent.call("end_session");
  await visitor.close();
});

test("a link to the next page, read once it came, and a task there", async ({ browser }) => {
  const visitor = await visit(browser, suite.site.url("page-one.html"));
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "two pages");
  const followed = await agent.call("click", { ref: agent.ref("link", "Next page") });
  expect(followed).toMatch(/url: "[^"]*page-two\.html" title: "Step two"/);
  await expect(visitor.page).toHaveURL(/page-two\.html$/);
  const read = await agent.read();
  expect(read).toMatch(/^url: "[^"]*page-two\.html" title: "Step two"/);
  expect(read).not.toContain("Step one");
  await agent.call("click", { ref: agent.ref("button", "Finish") });
  await expect(visitor.page.locator("#done")).toHaveText("All done.");
  await agent.call("end_session");
  await visitor.close();
});

test("a long page read to its end, its last button scrolled to and pressed", async ({ browser }) => {
  const visitor = await visit(browser, suite.site.url("long.html"));
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "long page");
  expect(agent.transcript.filter((entry) => entry.startsWith("> read_page")).length).toBeGreaterThan(1);
  const scrolled = await agent.call("scroll", { dy: 2000 });
  expect(scrolled).toMatch(/scroll: 0,2000/);
  await agent.call("click", { ref: agent.ref("button", "I accept the terms") });
  await expect(visitor.page.locator("#accepted")).toHaveText("Terms accepted.");
  await agent.call("end_session");
  await visitor.close();
});

test("TodoMVC: todos added with the keyboard, one completed, the active ones shown", async ({ browser }) => {
  const visitor = await visit(browser, suite.site.url("node_modules/todomvc/examples/vanillajs/index.html"));
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "TodoMVC");
  const input = agent.ref("textbox", "What needs to be done?");
  expect(await agent.call("type", { ref: input, text: "Buy milk", submit: true })).toMatch(/- listitem "Buy milk"/);
  await agent.call("type", { ref: input, text: "Walk the dog", submit: true });
  await agent.read();
  await agent.call("click", { ref: agent.ref("checkbox", undefined, { role: "listitem", name: "Buy milk" }) });
  await agent.read();
  await agent.call("click", { ref: agent.ref("link", "Active") });
  await expect(visitor.page.locator("#todo-list li label")).toHaveText(["Walk the dog"]);
  await expect(visitor.page.locator("#todo-count")).toHaveText(/1 item left/);
  await agent.call("end_session");
  await visitor.close();
});

test("the demo shop: the name replaced, a mug in the cart; the transcript kept for the README", async ({ browser }) => {
  const visitor = await visit(browser, `${live.server.url}/demo`);
  const agent = await ScriptedAgent.start(client, visitor.visitorId);
  await firstRead(agent, visitor.page, "demo shop");
  await agent.call("type", { ref: agent.ref("textbox", "Name"), text: "Ada Lovelace" });
  const added = await agent.call("click", { ref: agent.ref("button", "Add to cart") });
  expect(added).toContain("1 item in your cart");
  await expect(visitor.page.getByTestId("cart-summary")).toHaveText("1 item in your cart, $12 in total.");
  await expect(visitor.page.getByTestId("name")).toHaveValue("Ada Lovelace");
  await agent.call("end_session");
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync(path.join("test-results", "mcp-demo-shop-transcript.txt"), agent.transcript.join("\n\n"));
  await visitor.close();
});
