import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { publicKey } from "../support/api";
import { createWatchLink, liveServer, openAgent, replayFrame } from "./live-helpers";

/**
 * A visitor's page that tries to run script in the agent's browser, where the watch page shares the
 * console's origin and a signed-in agent's cookies. Every payload reports to a server of the test's own,
 * saying which document ran it: the visitor's page may run them (it is theirs), the mirror never.
 */
const live = liveServer({ require_authorization: false });
let site: Awaited<ReturnType<typeof startHostileSite>>;

/**
 * What a payload does when it runs: mark the window it runs in and its parents, and report home with
 * the address of the top window it runs under (the visitor's page, or anything else).
 */
const run = (home: string) =>
  `(function(){try{window.__pwned=1;top.__pwned=1;parent.__pwned=1}catch(e){}var from;try{from=top.location.href}catch(e){from='elsewhere:'+location.href}new Image().src='${home}/hit?from='+encodeURIComponent(from)})()`;

function payloads(home: string): string {
  const script = run(home);
  const attribute = script.replace(/"/g, "&quot;");
  return [
    `<img src="/missing.png" onerror="${attribute}">`,
    `<svg onload="${attribute}"><circle r="1"/></svg>`,
    `<svg><script>${script}</script></svg>`,
    `<details open ontoggle="${attribute}"><summary>More</summary></details>`,
    `<a id="js-link" href="javascript:${attribute}">Help</a>`,
    `<iframe src="javascript:${attribute}"></iframe>`,
    `<iframe srcdoc="<script>${attribute}</script>"></iframe>`,
    `<object data="javascript:${attribute}"></object>`,
    `<embed src="javascript:${attribute}">`,
    `<form action="javascript:${attribute}"><button id="js-submit">Send</button></form>`,
    `<input autofocus onfocus="${attribute}">`,
    `<video src="/missing.mp4" onerror="${attribute}"></video>`,
    `<style>@import url("javascript:${attribute}");</style>`,
    `<math><maction actiontype="statusline" xlink:href="javascript:${attribute}">x</maction></math>`,
    `<p>&lt;/script&gt;&lt;script&gt;${script}&lt;/script&gt;</p>`,
    `<script>${script}</script>`,
  ].join("\n");
}

/** A customer's site whose page is full of script payloads; its `/hit` counts who ran one, and where. */
async function startHostileSite(tandemUrl: string, key: string) {
  const hits: string[] = [];
  const listener = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    if (url.pathname === "/hit") {
      hits.push(url.searchParams.get("from") ?? "?");
      res.writeHead(204);
      res.end();
      return;
    }
    if (url.pathname !== "/shop") {
      res.writeHead(404);
      res.end();
      return;
    }
    const home = `http://${req.headers.host}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>&lt;img src=x onerror=&quot;${run(home).replace(/"/g, "&quot;")}&quot;&gt;</title></head>
<body><h1>Hostile shop</h1><section id="hostile">${payloads(home)}</section>
<script src="${tandemUrl}/cobrowse.js" data-public-key="${key}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  return { url: `${origin}/shop`, origin, hits, close: () => new Promise<void>((resolve) => listener.close(() => resolve())) };
}

test.beforeAll(async () => {
  site = await startHostileSite(live.server.url, await publicKey(live.api));
});

test.afterAll(async () => {
  await site?.close();
});

test("no script of a hostile visitor's page runs in the agent's browser", async ({ browser }) => {
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(site.url);
  const visitorId = () => visitorPage.evaluate(() => (JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string) ?? "");
  await expect.poll(visitorId).toMatch(/^[A-Z2-9]{8}$/);

  const dialogs: string[] = [];
  const agentView = await openAgent(browser, await createWatchLink(live.api, await visitorId()));
  agentView.page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(replayFrame(agentView.page).getByRole("heading", { name: "Hostile shop" })).toBeVisible();

  // Payloads added while the agent watches are replayed as changes.
  await visitorPage.evaluate(
    (html) => document.getElementById("hostile")!.insertAdjacentHTML("beforeend", `${html}<p>Payloads added live</p>`),
    payloads(site.origin),
  );
  await expect(replayFrame(agentView.page).getByText("Payloads added live")).toBeVisible();
  // Time for anything that would load, fail or fire to do so.
  await agentView.page.waitForTimeout(1_500);

  // The payloads did run in the visitor's own page: the sentinel works.
  expect(site.hits.some((from) => from.startsWith(site.url))).toBe(true);
  // No document of the agent's browser ran any of them.
  expect(site.hits.filter((from) => !from.startsWith(site.url))).toEqual([]);
  for (const frame of agentView.page.frames()) {
    expect(await frame.evaluate(() => (window as { __pwned?: number }).__pwned ?? null), frame.url()).toBeNull();
  }
  expect(dialogs).toEqual([]);
  // The watch page still runs, on the session's own address.
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  expect(new URL(agentView.page.url()).pathname).toMatch(/^\/watch\/session\//);

  await agentView.close();
  await visitorContext.close();
});
