import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiClient, embeddedApiKey, setTeam } from "../support/api";
import { startServer, type RunningServer } from "../support/server";
import { startEmbeddingSite } from "../support/embedding-site";
import { startReceiver } from "../support/webhook-receiver";
import {
  acceptCoBrowsing,
  clickInReplay,
  createWatchLink,
  dragInReplay,
  expiredWatchLink,
  openAgent,
  openVisitor,
  replayFrame,
  tapAgentStream,
} from "./live-helpers";

const PASSWORD = "hunter2-Sup3rSecret";
const CARD = "4242 4242 4242 4242";

let server: RunningServer;
let api: APIRequestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await api?.dispose();
  await receiver?.close();
  await server?.stop();
});

async function sessionOf(visitorId: string) {
  const visitor = (await (await api.get(`/v1.3/visitors/${visitorId}`)).json()).visitor;
  return { visitor, session: visitor.sessions?.[0] };
}

test("an agent sees the visitor's page live, the visitor's typing, and clicks and types for the visitor; secrets stay in the visitor's browser", async ({
  browser,
}) => {
  const visitor = await openVisitor(browser, server.url);
  const link = await createWatchLink(api, visitor.visitorId, { webhook_url: receiver.url });
  const agentView = await openAgent(browser, link);
  await acceptCoBrowsing(visitor.page);
  const agentPage = agentView.page;
  const replay = replayFrame(agentPage);

  await expect(agentPage.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(replay.getByRole("heading", { name: "Demo shop" })).toBeVisible();
  await expect(visitor.page.getByText("Alice Agent is helping you")).toBeVisible();
  const tap = tapAgentStream(server.url, agentView.sessionId(), agentView.token());

  // The visitor types: the agent sees it; the password only as asterisks; the card field not at all.
  await visitor.page.getByTestId("name").fill("Grace Hopper");
  await visitor.page.getByTestId("password").pressSequentially(PASSWORD);
  await visitor.page.getByTestId("card").fill(CARD);
  await expect(replay.locator("input[name=name]")).toHaveValue("Grace Hopper");
  await expect(replay.locator("input[name=password]")).toHaveValue("*".repeat(PASSWORD.length));
  await expect(replay.locator("input[name=card-number]")).toHaveCount(0);
  await expect(replay.getByText("Gift card balance")).toHaveCount(0);

  // The agent clicks a button of the replayed page: the visitor's page reacts.
  await clickInReplay(agentPage, "[data-testid=add-tee]");
  await expect(visitor.page.getByTestId("cart-summary")).toHaveText("1 item in your cart, $24 in total.");
  await expect(replay.getByText("1 item in your cart, $24 in total.")).toBeVisible();

  // The agent clicks the email field and types: the text lands in the visitor's field.
  await clickInReplay(agentPage, "input[name=email]");
  await expect(visitor.page.getByTestId("email")).toBeFocused();
  await agentPage.keyboard.type("grace@example.com");
  await expect(visitor.page.getByTestId("email")).toHaveValue("grace@example.com");
  await agentPage.keyboard.press("Backspace");
  await expect(visitor.page.getByTestId("email")).toHaveValue("grace@example.co");

  // The agent cannot click or type into masked fields: clicking the password field focuses nothing.
  await clickInReplay(agentPage, "input[name=password]");
  await agentPage.keyboard.type("x");
  await expect(visitor.page.getByTestId("password")).not.toBeFocused();

  // The agent's wheel scrolls the visitor's page, once the agent's view has the visitor's new window size
  // (until then the pointer may rest where the resized view no longer is).
  await visitor.page.setViewportSize({ width: 1280, height: 400 });
  const overlay = agentPage.getByTestId("replay-overlay");
  await expect.poll(async () => overlay.boundingBox().then((box) => box && Math.round((box.width / box.height) * 10) / 10)).toBe(3.2);
  await overlay.hover();
  await agentPage.mouse.wheel(0, 300);
  await expect.poll(() => visitor.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // The agent draws on the visitor's page, then clears the drawing.
  await agentPage.getByRole("radio", { name: "Draw" }).click();
  await dragInReplay(agentPage, [60, 60], [220, 140]);
  await expect(visitor.page.locator("[data-tandem-drawing] polyline").first()).toBeAttached();
  await agentPage.getByRole("button", { name: "Clear drawings" }).click();
  await expect(visitor.page.locator("[data-tandem-drawing] polyline")).toHaveCount(0);
  await agentPage.getByRole("radio", { name: "Control" }).click();

  await expect
    .poll(async () => (await sessionOf(visitor.visitorId)).session?.features_used?.slice().sort())
    .toEqual(["click", "draw", "remote_cursor", "scroll", "type"]);

  // The agent's window, reloaded, joins again late and sees the page at once, as it is now; the link
  // itself opens once, so another window that gets hold of it is refused.
  await agentPage.reload();
  await expect(replay.locator("input[name=name]")).toHaveValue("Grace Hopper");
  await expect(replay.getByText("1 item in your cart, $24 in total.")).toBeVisible();
  await expect(agentPage.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  const late = await browser.newPage();
  await late.goto(link);
  await expect(late.getByRole("heading", { name: "This watch link has already been opened" })).toBeVisible();
  await late.close();

  // The secret went nowhere: not in what the visitor sent, not in what agents received, not stored.
  await expect.poll(() => tap.text()).toContain("Grace Hopper");
  tap.stop();
  for (const haystack of [visitor.sent.join("\n"), tap.text(), JSON.stringify(await sessionOf(visitor.visitorId))]) {
    expect(haystack).not.toContain(PASSWORD);
    expect(haystack).not.toContain(CARD);
    expect(haystack).not.toContain("73.20");
  }
  expect(visitor.sent.join("\n")).toContain("/collect/live/events");

  // The agent sends the visitor to another page: the session follows the visitor there.
  await agentPage.getByLabel("Address to send the visitor to").fill(`${server.url}/demo?from=agent`);
  await agentPage.getByRole("button", { name: "Send visitor there" }).click();
  await expect(visitor.page).toHaveURL(/from=agent/);
  await expect(visitor.page.getByText("Alice Agent is helping you")).toBeVisible();
  await expect(replay.locator("input[name=name]")).toHaveValue("");
  await expect(agentPage.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");

  // The agent ends the session: both pages say so, and the webhook arrives.
  await agentPage.getByRole("button", { name: "End session" }).click();
  await agentPage.getByRole("dialog").getByRole("button", { name: "End session" }).click();
  await expect(agentPage.getByTestId("session-ended")).toContainText("You ended the session.");
  await expect(visitor.page.getByText("The co-browsing session has ended.")).toBeVisible();
  await expect(visitor.page.getByText("Alice Agent is helping you")).toHaveCount(0);
  await expect.poll(() => receiver.received.map((hook) => JSON.parse(hook.body).visitor_id), { timeout: 15_000 }).toContain(visitor.visitorId);
  const { session } = await sessionOf(visitor.visitorId);
  expect(session).toMatchObject({ went_live: true });
  expect(session.features_used).toContain("agent_redirect");
  expect(JSON.stringify(receiver.received.map((hook) => hook.body))).not.toContain(PASSWORD);
  await agentView.close();
  await visitor.close();
});

test("the service refuses a tool the watch link does not allow, and records nothing", async ({ browser }) => {
  const visitor = await openVisitor(browser, server.url);
  const permissions = { allow_click: false, allow_type: false, allow_draw: false, allow_agent_redirect: false };
  const branding = { on_end_url: `${server.url}/healthz?after=end`, retry_url: `${server.url}/healthz?retry=1` };
  const agentView = await openAgent(browser, await createWatchLink(api, visitor.visitorId, { permissions, branding }));
  await acceptCoBrowsing(visitor.page);
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  // Only the allowed tools are offered: scrolling (under Control) and pointing.
  await expect(agentView.page.getByRole("radiogroup", { name: "Tool" }).getByRole("radio")).toHaveText(["Control", "Pointer"]);
  await expect(agentView.page.getByRole("button", { name: "Clear drawings" })).toHaveCount(0);
  await expect(agentView.page.getByRole("button", { name: "Send visitor there" })).toHaveCount(0);

  const control = (data: Record<string, unknown>) =>
    api.post(`/live/sessions/${agentView.sessionId()}/control`, { headers: { authorization: `Bearer ${agentView.token()}` }, data });
  const refused = await control({ tool: "click", id: 1 });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: "permission_denied" });
  expect((await control({ tool: "type", text: "x" })).status()).toBe(403);
  expect((await control({ tool: "type", text: "pasted", paste: true })).status()).toBe(403);
  expect((await control({ tool: "key", key: "a", code: "KeyA", ctrlKey: true })).status()).toBe(403);
  expect((await control({ tool: "click", id: 1, button: "right" })).status()).toBe(403);
  expect((await control({ tool: "hover", x: 10, y: 10 })).status()).toBe(403);
  expect((await control({ tool: "drag", phase: "start", x: 10, y: 10 })).status()).toBe(403);
  expect(
    (
      await control({
        tool: "draw",
        points: [
          [1, 1],
          [9, 9],
        ],
      })
    ).status(),
  ).toBe(403);
  expect((await control({ tool: "clear" })).status()).toBe(403);
  expect((await control({ tool: "navigate", url: "https://example.com/" })).status()).toBe(403);
  expect((await control({ tool: "reload" })).status()).toBe(403);
  expect((await control({ tool: "navigate", url: "javascript:alert(1)" })).status()).toBe(400);
  expect((await control({ tool: "scroll", dx: 0, dy: 10 })).status()).toBe(200);
  expect(
    (
      await api.post(`/live/sessions/${agentView.sessionId()}/control`, { headers: { authorization: "Bearer forged" }, data: { tool: "scroll", dx: 0, dy: 1 } })
    ).status(),
  ).toBe(401);

  await expect.poll(async () => (await sessionOf(visitor.visitorId)).session?.features_used).toEqual(["scroll"]);
  await expect(visitor.page.getByTestId("cart-summary")).toHaveText("Your cart is empty.");

  // The visitor presses Stop: both pages say so.
  await visitor.page.getByRole("button", { name: "Stop" }).click();
  await expect(visitor.page.getByText("You stopped the session.")).toBeVisible();
  await expect(agentView.page.getByTestId("session-ended")).toContainText("The visitor stopped the session.");
  expect((await sessionOf(visitor.visitorId)).session.ended_at).toBeTruthy();
  // The link's on_end_url takes the agent on.
  await expect(agentView.page).toHaveURL(/after=end/);
  await agentView.close();
  await visitor.close();
});

test("with authorization required, nothing is sent before the visitor accepts; declining ends the session; a recorded session replays", async ({ browser }) => {
  await setTeam(api, { require_authorization: true, recording_enabled: true });
  try {
    const visitor = await openVisitor(browser, server.url);
    const agentView = await openAgent(browser, await createWatchLink(api, visitor.visitorId));
    await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "awaiting_authorization");
    const prompt = visitor.page.getByRole("dialog", { name: "Alice Agent wants to see this page" });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("button", { name: "Accept" })).toBeFocused();
    expect(visitor.sent.join("\n")).not.toContain("/collect/live/events");
    await prompt.getByRole("button", { name: "Accept" }).click();
    await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
    await expect(replayFrame(agentView.page).getByRole("heading", { name: "Demo shop" })).toBeVisible();
    expect((await sessionOf(visitor.visitorId)).session).toMatchObject({ session_authorized: true, video_status: "recording" });
    await visitor.page.getByTestId("name").fill("Recorded Name");
    await visitor.page.getByTestId("password").fill(PASSWORD);
    await expect(replayFrame(agentView.page).locator("input[name=name]")).toHaveValue("Recorded Name");

    // The session ends through the API (DELETE …/session): both pages say so.
    expect((await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`)).status()).toBe(200);
    await expect(agentView.page.getByTestId("session-ended")).toContainText("ended from the console or the API");
    await expect(visitor.page.getByText("The co-browsing session has ended.")).toBeVisible();
    await agentView.close();
    await visitor.close();

    // The recording: its video_url replays the session, with play and seek; the password is not in it.
    const recorded = (await sessionOf(visitor.visitorId)).session;
    expect(recorded).toMatchObject({ video_status: "ready", video_url: expect.stringContaining("/watch/recordings/") });
    const player = await browser.newPage();
    await player.goto(recorded.video_url);
    await player.getByRole("button", { name: "Play" }).click();
    await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
    await player.getByLabel("Position in the recording").press("End");
    const playback = player.frameLocator("[data-testid=recording-root] iframe");
    await expect(playback.getByRole("heading", { name: "Demo shop" })).toBeVisible();
    await expect(playback.locator("input[name=name]")).toHaveValue("Recorded Name");
    const stored = await (
      await api.get("/live/recordings/events", { headers: { authorization: `Bearer ${recorded.video_url.split("/watch/recordings/")[1]}` } })
    ).text();
    expect(stored).toContain("Recorded Name");
    expect(stored).not.toContain(PASSWORD);
    await player.close();

    const declining = await openVisitor(browser, server.url);
    const declined = await openAgent(browser, await createWatchLink(api, declining.visitorId));
    await declining.page.getByRole("dialog", { name: "Alice Agent wants to see this page" }).getByRole("button", { name: "Decline" }).click();
    await expect(declined.page.getByTestId("session-ended")).toContainText("The visitor declined the session.");
    expect((await sessionOf(declining.visitorId)).session).toMatchObject({
      ended_at: expect.any(String),
      session_authorized: false,
      went_live: false,
      video_status: null,
    });
    expect(declining.sent.join("\n")).not.toContain("/collect/live/events");
    await declined.close();
    await declining.close();
  } finally {
    await setTeam(api, { require_authorization: true, recording_enabled: false });
  }
});

test("an expired or tampered watch link is refused", async ({ browser }) => {
  const visitor = await openVisitor(browser, server.url);
  const link = await createWatchLink(api, visitor.visitorId);
  const page = await browser.newPage();
  await page.goto(link.slice(0, -4) + "abcd");
  await expect(page.getByRole("heading", { name: "This watch link is not valid" })).toBeVisible();
  await page.goto(await expiredWatchLink(link, server.dataDir));
  await expect(page.getByRole("heading", { name: "This watch link has expired" })).toBeVisible();
  await expect(page.getByText("Go back to the console")).toBeVisible();
  await page.close();
  expect((await sessionOf(visitor.visitorId)).session).toBeUndefined();
  await visitor.close();
});

test("page_only: the embedding page drives the session over postMessage; the visitor's page talks back through its JS API", async ({ browser }) => {
  const visitor = await openVisitor(browser, server.url);
  // The visitor script's JS API: the lookup code (also on Ctrl ×5), identify, events.
  const code = await visitor.page.evaluate(() => window.Tandem!.getLookupCode());
  await expect(visitor.page.getByTestId("lookup-code")).toHaveText(code!);
  for (let press = 0; press < 5; press++) await visitor.page.keyboard.press("Control");
  await expect(visitor.page.getByRole("dialog", { name: "Your co-browsing code" })).toContainText(code!);
  await visitor.page.keyboard.press("Escape");
  await visitor.page.evaluate(() => window.Tandem!.identify({ callName: "Ada Lovelace", tags: ["#vip"] }));
  expect((await sessionOf(visitor.visitorId)).visitor).toMatchObject({ call_name: "Ada Lovelace", tags: ["#vip"] });
  await visitor.page.evaluate(() => {
    const seen: unknown[] = ((window as unknown as { seen: unknown[] }).seen = []);
    for (const name of ["session_started", "session_ended", "custom_message"] as const) window.Tandem!.on(name, (detail) => seen.push({ name, ...detail }));
  });
  const seen = () => visitor.page.evaluate(() => (window as unknown as { seen: Array<Record<string, unknown>> }).seen);

  const link = await createWatchLink(api, visitor.visitorId, { branding: { naked: "page_only" } });
  const site = await startEmbeddingSite(
    () => `<iframe id="watch" title="Co-browsing" src="${link}" style="width:1100px;height:700px"></iframe><iframe id="other" srcdoc="<p>another frame</p>"></iframe>
     <script>window.received = []; addEventListener("message", (event) => { if (event.source === document.getElementById("watch").contentWindow) received.push(event.data); });</script>`,
  );
  // The embedding site is one the team allows to frame the watch page.
  await setTeam(api, { embed_origins: [site.origin] });
  const hostContext = await browser.newContext();
  const host = await hostContext.newPage();
  await host.goto(site.origin);
  type Posted = { type: string; message?: string; reason?: string; state?: { status: string } & Record<string, unknown> };
  const received = () => host.evaluate(() => (window as unknown as { received: Posted[] }).received);
  const post = (message: Record<string, unknown>) =>
    host.evaluate((data) => document.querySelector<HTMLIFrameElement>("#watch")!.contentWindow!.postMessage(data, "*"), message);
  await acceptCoBrowsing(visitor.page);

  await expect.poll(async () => (await received()).filter((m) => m.type === "sessionState").at(-1)?.state?.status).toBe("active");
  const state = (await received()).filter((m) => m.type === "sessionState").at(-1)!.state;
  expect(state).toMatchObject({ agents: ["Alice Agent"], permissions: { allow_click: true, allow_draw: true } });
  const watch = host.frameLocator("#watch");
  await expect(watch.frameLocator("[data-testid=replay-root] iframe").getByRole("heading", { name: "Demo shop" })).toBeVisible();
  await expect(watch.getByRole("button", { name: "End session" })).toHaveCount(0);
  await expect(watch.getByText("Tandem", { exact: true })).toHaveCount(0);

  // Custom messages both ways.
  await visitor.page.evaluate(() => window.Tandem!.sendCustomMessage("hello agent"));
  await expect.poll(async () => (await received()).find((m) => m.type === "customMessage")).toEqual({ type: "customMessage", message: "hello agent" });
  await post({ action: "sendCustomMessage", message: "hello visitor" });
  await expect.poll(async () => (await seen()).find((event) => event.name === "custom_message")?.message).toBe("hello visitor");

  // A message from any window but the parent is ignored.
  await host.evaluate(() =>
    (document.querySelector<HTMLIFrameElement>("#other")!.contentWindow as unknown as { eval: (code: string) => void }).eval(
      "parent.document.getElementById('watch').contentWindow.postMessage({ action: 'endSession' }, '*')",
    ),
  );
  await visitor.page.waitForTimeout(500);
  expect((await sessionOf(visitor.visitorId)).session.ended_at).toBeNull();

  await post({ action: "endSession" });
  await expect.poll(async () => (await received()).find((m) => m.type === "sessionEnded")).toEqual({ type: "sessionEnded", reason: "ended" });
  await expect(visitor.page.getByText("The co-browsing session has ended.")).toBeVisible();
  // The same session told in the embeddable viewer's terms, in order, once per change.
  const updates = (await received()).filter((m) => m.type.startsWith("tandem.") && m.type !== "tandem.error");
  expect(updates.map((m) => (m.type === "tandem.sessionEnded" ? `ended:${m.reason}` : m.state!.status))).toEqual(
    expect.arrayContaining(["active", "ended", "ended:agent"]),
  );
  expect(updates.at(-1)).toEqual({ type: "tandem.sessionEnded", reason: "agent" });
  expect(updates.find((m) => m.state?.status === "active")!.state).toEqual({
    status: "active",
    visitor: { id: visitor.visitorId, name: "Ada Lovelace" },
    viewers: [{ name: "Alice Agent" }],
  });
  expect((await seen()).map((event) => event.name)).toEqual(["session_started", "custom_message", "session_ended"]);
  await hostContext.close();
  await visitor.close();
  await setTeam(api, { embed_origins: [] });
  await site.close();
});

test("clearing the drawings clears every stroke drawn before it, even strokes still on their way to the visitor", async ({ browser }) => {
  const visitor = await openVisitor(browser, server.url);
  const agentView = await openAgent(browser, await createWatchLink(api, visitor.visitorId));
  await acceptCoBrowsing(visitor.page);
  const agentPage = agentView.page;
  await expect(replayFrame(agentPage).getByRole("heading", { name: "Demo shop" })).toBeVisible();

  // A slow connection: the first tool message is held on its way until the agent has cleared, so the pieces
  // of the strokes below still wait in the watch page when the agent clears.
  const sent: string[] = [];
  let answered = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await agentPage.route("**/live/sessions/*/control", async (route) => {
    sent.push(route.request().postDataJSON().tool);
    await released;
    await route.continue();
  });
  agentPage.on("requestfinished", (request) => void (request.url().endsWith("/control") && answered++));

  await agentPage.getByRole("radio", { name: "Draw" }).click();
  await dragInReplay(agentPage, [60, 60], [220, 140]);
  await dragInReplay(agentPage, [60, 160], [220, 240]);
  await dragInReplay(agentPage, [260, 60], [260, 240]);
  await agentPage.getByRole("button", { name: "Clear drawings" }).click();
  release();

  // One message more behind them, to know when all of them have arrived: the agent's pointer.
  await agentPage.getByRole("radio", { name: "Control" }).click();
  await agentPage.getByTestId("replay-overlay").hover({ position: { x: 30, y: 30 } });
  await expect.poll(() => sent.some((tool) => tool !== "draw" && tool !== "clear") && answered === sent.length).toBe(true);

  // The clear left after every piece of the three strokes, and the visitor's page keeps none of them.
  expect(sent.filter((tool) => tool === "draw").length).toBeGreaterThanOrEqual(3);
  expect(sent.lastIndexOf("draw")).toBeLessThan(sent.indexOf("clear"));
  await expect(visitor.page.locator("[data-tandem-drawing] polyline")).toHaveCount(0);
  await agentView.close();
  await visitor.close();
});
