import path from "node:path";
import type { FrameLocator, Page } from "@playwright/test";
import { expect, signInAs, test } from "../support/fixtures";
import { embeddedApiKey, publicKey, setTeam } from "../support/api";
import { startCustomerSite, type CustomerSite } from "../fidelity/support/customer-site";
import { differingShare } from "../fidelity/support/fidelity";
import { clickInReplay, liveServer, replayFrame } from "./live-helpers";
import { HELPDESK_AGENT, startHelpdeskSite } from "./helpdesk/helpdesk-site";

// A helpdesk's page on another origin hosts a Tandem session through a viewer token and /viewer.js.
const ADMIN = { email: "admin@helpdesk.example.com", password: "Helpdesk-Admin-Passw0rd" };
const VISITOR_VIEWPORT = { width: 800, height: 600 };
const live = liveServer({}, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
let site: CustomerSite;
let helpdesk: Awaited<ReturnType<typeof startHelpdeskSite>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startCustomerSite(live.server.url, await publicKey(live.api), path.resolve("e2e/live/helpdesk/pages"));
  helpdesk = await startHelpdeskSite(live.server.url, embeddedApiKey(live.server.dataDir), { withReactApp: true });
  await setTeam(live.api, { embed_origins: [helpdesk.origin] });
});
test.afterAll(async () => {
  await helpdesk?.close();
  await site?.close();
});

type Reported = { event: string; status?: string; reason?: string; code?: string; visitor?: { id: string; name?: string }; viewers?: { name: string }[] };
const reported = (host: Page) => host.evaluate(() => (window as unknown as { events: Reported[] }).events);
const viewerFrame = (host: Page): FrameLocator => host.frameLocator("#viewer iframe");

/** The mirror as painted on the host's page, at the visitor's size (scale 1, checked). */
async function mirrorOnHost(host: Page): Promise<Buffer> {
  const frame = viewerFrame(host);
  await frame.locator("[data-testid=replay-root] iframe").evaluate(async (iframe) => {
    await (iframe as HTMLIFrameElement).contentDocument!.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const scale = await frame.getByTestId("replay-root").evaluate((root) => root.getBoundingClientRect().width / (root as HTMLElement).offsetWidth);
  expect(scale, "the host shows the mirror at scale 1").toBe(1);
  const box = (await frame.locator("[data-testid=replay-root] iframe").boundingBox())!;
  return host.screenshot({ clip: { x: box.x, y: box.y, ...VISITOR_VIEWPORT }, style: ".replayer-mouse{visibility:hidden!important}" });
}

test("a helpdesk page mounts the viewer: consent, the page pixel for pixel, control, events in order, the session credited to the viewer", async ({
  browser,
}) => {
  const visitorContext = await browser.newContext({ viewport: VISITOR_VIEWPORT, deviceScaleFactor: 1 });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.url("account.html"));
  const visitorId = await expect
    .poll(() => visitor.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId ?? ""))
    .toMatch(/^[A-Z2-9]{8}$/)
    .then(() => visitor.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor")!).visitorId as string));

  const hostContext = await browser.newContext({ viewport: { width: 1400, height: 1100 }, deviceScaleFactor: 1 });
  const host = await hostContext.newPage();
  const hostTraffic: string[] = [];
  host.on("request", (request) => hostTraffic.push(`${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ""}`));
  await host.goto(`${helpdesk.origin}/ticket/${visitorId}`);

  // The visitor is asked first, by the viewer's name; nothing of the page reaches the host before.
  await visitor
    .getByRole("dialog", { name: `${HELPDESK_AGENT.name} wants to see this page` })
    .getByRole("button", { name: "Accept" })
    .click();
  const frame = viewerFrame(host);
  await expect(replayFrame(frame).locator("#title")).toHaveText("Your account");
  await expect.poll(async () => (await reported(host)).at(-1)).toMatchObject({ event: "state", status: "active" });

  const difference = await differingShare(
    await visitor.screenshot({ style: ".no-cobrowse{visibility:hidden!important}" }),
    await mirrorOnHost(host),
    test.info().outputPath("helpdesk-diff.png"),
  );
  console.log(`helpdesk viewer: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);

  // The host's control reaches the visitor's page; `view` only shows.
  await host.evaluate(() => (window as unknown as { viewer: { setMode: (mode: string) => void } }).viewer.setMode("view"));
  await clickInReplay(frame, "#renew");
  await visitor.waitForTimeout(300);
  await expect(visitor.locator("#renewed")).toHaveText("Not confirmed yet");
  await host.evaluate(() => (window as unknown as { viewer: { setMode: (mode: string) => void } }).viewer.setMode("control"));
  await clickInReplay(frame, "#renew");
  await expect(visitor.locator("#renewed")).toHaveText("Renewal confirmed");

  // Credited to the viewer, in the API and the console.
  const { session_id: sessionId, token } = helpdesk.minted[0];
  const { visitor: resource } = await (await live.api.get(`/v1.3/visitors/${visitorId}`)).json();
  expect(resource.sessions).toContainEqual(expect.objectContaining({ id: sessionId, agents: [expect.objectContaining({ name: HELPDESK_AGENT.name })] }));
  const consoleContext = await browser.newContext({ baseURL: live.server.url });
  const consolePage = await consoleContext.newPage();
  await signInAs(consolePage, ADMIN);
  await consolePage.goto(`/visitors/${visitorId}`);
  await expect(consolePage.getByText(HELPDESK_AGENT.name).first()).toBeVisible();
  await consoleContext.close();

  // The host ends it: the events came in order, each once.
  await host.evaluate(() => (window as unknown as { viewer: { end: () => void } }).viewer.end());
  await expect.poll(async () => (await reported(host)).at(-1)).toEqual({ event: "ended", reason: "agent" });
  await expect(visitor.getByText("The co-browsing session has ended.")).toBeVisible();
  const events = await reported(host);
  expect(events.map((event) => (event.event === "state" ? event.status : event.event))).toEqual(["waiting", "active", "ended", "ended"]);
  expect(events[1]).toEqual({ event: "state", status: "active", visitor: { id: visitorId }, viewers: [{ name: HELPDESK_AGENT.name }] });

  // The key stayed on the helpdesk's server; Tandem set no cookie in the host's browser.
  const key = embeddedApiKey(live.server.dataDir);
  expect(hostTraffic.some((line) => line.includes(key))).toBe(false);
  expect(await host.content()).not.toContain(key);
  expect(await hostContext.cookies(live.server.url)).toEqual([]);

  // The token is refused on its second use: the host gets an error and no page.
  const again = await hostContext.newPage();
  await again.goto(`${helpdesk.origin}/mount#${encodeURIComponent(JSON.stringify({ token, endpoint: live.server.url }))}`);
  await expect.poll(async () => (await reported(again)).find((event) => event.event === "error")).toMatchObject({ code: "invalid_viewer_token" });
  await expect(viewerFrame(again).locator("[data-testid=replay-root]")).toHaveCount(0);
  await hostContext.close();
  await visitorContext.close();
});

test("a page on an origin the team does not allow gets nothing; the React wrapper, installed from its package, mounts the viewer", async ({
  browser,
  cspViolations,
}) => {
  const visitorContext = await browser.newContext({ viewport: VISITOR_VIEWPORT });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.url("account.html"));
  await expect.poll(() => visitor.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId ?? "")).toMatch(/^[A-Z2-9]{8}$/);
  const visitorId = await visitor.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor")!).visitorId as string);

  const context = await browser.newContext();
  const elsewhere = await context.newPage();
  await elsewhere.goto(`${helpdesk.otherOrigin}/ticket/${visitorId}?startTimeoutMs=3000`);
  await expect.poll(async () => (await reported(elsewhere)).find((event) => event.event === "error")).toMatchObject({ code: "not_started" });
  // The browser refused to frame Tandem's page there: the team's embed origins are its frame-ancestors.
  expect(cspViolations).toEqual([expect.stringMatching(/frame-ancestors http:\/\/127\.0\.0\.1:\d+/)]);
  cspViolations.length = 0;
  expect((await reported(elsewhere)).filter((event) => event.event === "state")).toEqual([]);
  await expect(visitor.getByRole("dialog")).toHaveCount(0);

  const minted = await (await live.api.post(`/v1.4/visitors/${visitorId}/viewer_token`, { data: { viewer: { id: "react-agent", name: "Rea React" } } })).json();
  const reactHost = await context.newPage();
  await reactHost.goto(`${helpdesk.origin}/react#${encodeURIComponent(JSON.stringify({ token: minted.token, endpoint: minted.endpoint }))}`);
  await expect(reactHost.locator("#status")).toHaveText(`waiting: ${visitorId}`);
  await visitor.getByRole("dialog", { name: "Rea React wants to see this page" }).getByRole("button", { name: "Accept" }).click();
  await expect(reactHost.locator("#status")).toHaveText(`active: ${visitorId}`);
  await expect(replayFrame(reactHost.frameLocator("[data-tandem-viewer] iframe")).locator("#title")).toHaveText("Your account");
  await context.close();
  await visitorContext.close();
});
