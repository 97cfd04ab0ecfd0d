import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { publicKey } from "../support/api";
import { createWatchLink, expiredRecordingLink, liveServer, openAgent, replayFrame } from "./live-helpers";

/**
 * A customer's site whose page asks for the most permissive referrer policy, with images that report
 * every request's Referer: what the agent's mirror of the page would tell their host.
 */
async function startCustomerSite(tandemUrl: string, key: string) {
  const imageRequests: Array<{ path: string; referer: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/images/")) {
      imageRequests.push({ path: req.url, referer: req.headers.referer });
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "no-store" });
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="teal"/></svg>');
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><meta name="referrer" content="unsafe-url"><title>Leaky shop</title></head>
<body><h1>Leaky shop</h1>
<img src="/images/logo.svg" alt="logo">
<img src="/images/badge.svg" alt="badge" referrerpolicy="unsafe-url">
<script src="${tandemUrl}/cobrowse.js" data-public-key="${key}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`,
    imageRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const live = liveServer({ require_authorization: false, recording_enabled: true });
let site: Awaited<ReturnType<typeof startCustomerSite>>;

test.beforeAll(async () => {
  site = await startCustomerSite(live.server.url, await publicKey(live.api));
});

test.afterAll(async () => {
  await site?.close();
});

test("a watch link leaks through no Referer, opens once, and recording links expire", async ({ browser }) => {
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(site.url);
  await expect.poll(() => visitorPage.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId ?? "")).toMatch(/^[A-Z2-9]{8}$/);
  const visitorId = await visitorPage.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor")!).visitorId as string);

  const watchUrl = await createWatchLink(live.api, visitorId);
  const linkToken = watchUrl.split("/watch/")[1];
  const agent = await openAgent(browser, watchUrl);
  await expect(replayFrame(agent.page).getByRole("heading", { name: "Leaky shop" })).toBeVisible();

  // The mirror loaded both images from the customer's host, and told it nothing of the watch page.
  await expect
    .poll(() =>
      site.imageRequests
        .filter((request) => request.referer === undefined)
        .map((request) => request.path)
        .sort(),
    )
    .toEqual(["/images/badge.svg", "/images/logo.svg"]);
  for (const request of site.imageRequests) {
    expect(request.referer === undefined || request.referer.startsWith(site.url), `${request.path} Referer: ${request.referer}`).toBe(true);
    expect(request.referer ?? "").not.toContain(linkToken);
  }

  // The token left the address bar at once; watch pages say they send no Referer.
  await expect(agent.page).toHaveURL(`${live.server.url}/watch/session/${agent.sessionId()}`);
  expect((await fetch(watchUrl.replace(linkToken, "any"))).headers.get("referrer-policy")).toBe("no-referrer");

  // A reload of the same tab carries on with the credential the link was exchanged for.
  await agent.page.reload();
  await expect(agent.page.getByRole("heading", { name: `Session with visitor ${visitorId}` })).toBeVisible();
  await expect(replayFrame(agent.page).getByRole("heading", { name: "Leaky shop" })).toBeVisible();

  // Anyone else who got hold of the link (another browser) is refused.
  const thief = await browser.newContext();
  const stolen = await thief.newPage();
  await stolen.goto(watchUrl);
  await expect(stolen.getByRole("heading", { name: "This watch link has already been opened" })).toBeVisible();
  await stolen.goto(`${live.server.url}/watch/session/${agent.sessionId()}`);
  await expect(stolen.getByRole("heading", { name: "This session is not open in this browser" })).toBeVisible();

  // The recording: replayed once the session has ended, from an address without its token, until it expires.
  expect((await live.api.delete(`/v1.3/visitors/${visitorId}/session`)).status()).toBe(200);
  await agent.close();
  const session = (await (await live.api.get(`/v1.3/visitors/${visitorId}`)).json()).visitor.sessions[0];
  expect(session).toMatchObject({ video_status: "ready", video_url: expect.stringContaining("/watch/recordings/") });
  const before = site.imageRequests.length;
  const player = await stolen.context().newPage();
  await player.goto(session.video_url);
  await expect(player).toHaveURL(`${live.server.url}/watch/recordings/session/${session.id}`);
  // The recording opens on the visitor's page, before it is played or moved.
  await expect(player.getByRole("heading", { name: `Recording of the session with visitor ${visitorId}` })).toBeVisible();
  await expect(player.frameLocator("[data-testid=recording-root] iframe").getByRole("heading", { name: "Leaky shop" })).toBeVisible();
  await player.getByLabel("Position in the recording").press("End");
  await expect(player.getByLabel("Position in the recording")).not.toHaveValue("0");
  await expect(player.frameLocator("[data-testid=recording-root] iframe").getByRole("heading", { name: "Leaky shop" })).toBeVisible();
  await expect.poll(() => site.imageRequests.length).toBeGreaterThan(before);
  expect(site.imageRequests.slice(before).map((request) => request.referer)).toEqual(site.imageRequests.slice(before).map(() => undefined));
  await player.reload();
  await expect(player.getByRole("heading", { name: `Recording of the session with visitor ${visitorId}` })).toBeVisible();

  await player.goto(expiredRecordingLink(session.video_url, live.server.dataDir));
  await expect(player.getByRole("heading", { name: "This recording link has expired" })).toBeVisible();
  const token = session.video_url.split("/watch/recordings/")[1];
  const refused = await live.api.get("/live/recordings/events", {
    headers: { authorization: `Bearer ${expiredRecordingLink(session.video_url, live.server.dataDir).split("/watch/recordings/")[1]}` },
  });
  expect(refused.status()).toBe(404);
  // …and the link's token is taken only from the header, never from the address.
  expect((await live.api.get(`/live/recordings/events?token=${token}`)).status()).toBe(404);
  expect((await live.api.get("/live/recordings/events", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await thief.close();
  await visitorContext.close();
});
