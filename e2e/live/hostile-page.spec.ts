import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiClient, embeddedApiKey, setTeam } from "../support/api";
import { startServer, type RunningServer } from "../support/server";
import { createWatchLink, openAgent, openVisitor, replayFrame } from "./live-helpers";

/**
 * A visitor's page that tries to run script in the agent's browser, where the watch page shares the
 * console's origin and a signed-in agent's cookies. Every payload reports to a server of the test's own,
 * saying which document ran it: the visitor's page may run them (it is theirs), the mirror never.
 */
let server: RunningServer;
let api: APIRequestContext;
let sentinel: { url: string; hits: string[]; close: () => Promise<void> };

async function startSentinel() {
  const hits: string[] = [];
  const listener = http.createServer((req, res) => {
    hits.push(new URL(req.url ?? "/", "http://sentinel").searchParams.get("from") ?? "?");
    res.writeHead(204, { "access-control-allow-origin": "*" });
    res.end();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
  await setTeam(api, { require_authorization: false });
  sentinel = await startSentinel();
});

test.afterAll(async () => {
  await api?.dispose();
  await sentinel?.close();
  await server?.stop();
});

test("no script of a hostile visitor's page runs in the agent's browser", async ({ browser }) => {
  // What a payload does when it runs: mark the window it runs in and its parents, and report home.
  const run = `(function(){try{window.__pwned=1;top.__pwned=1;parent.__pwned=1}catch(e){}new Image().src='${sentinel.url}/hit?from='+encodeURIComponent(location.href)})()`;
  const attribute = run.replace(/"/g, "&quot;");
  const payloads = [
    `<img src="/missing.png" onerror="${attribute}">`,
    `<svg onload="${attribute}"><circle r="1"/></svg>`,
    `<svg><script>${run}</script></svg>`,
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
    `<p>&lt;/script&gt;&lt;script&gt;${run}&lt;/script&gt;</p>`,
    `<base href="javascript:${attribute}//">`,
  ];

  const visitor = await openVisitor(browser, server.url);
  await visitor.page.evaluate(
    ({ html, run }) => {
      document.body.insertAdjacentHTML("beforeend", `<section id="hostile"><h2>Hostile section</h2>${html}</section>`);
      // Script elements added by the page run in the page, and are recorded as they are.
      const script = document.createElement("script");
      script.textContent = run;
      document.body.append(script);
      document.title = `<img src=x onerror="${run.replace(/"/g, "&quot;")}">`;
    },
    { html: payloads.join("\n"), run },
  );

  const dialogs: string[] = [];
  const agentView = await openAgent(browser, await createWatchLink(api, visitor.visitorId));
  agentView.page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(replayFrame(agentView.page).getByRole("heading", { name: "Hostile section" })).toBeVisible();

  // Changes made while the agent watches are replayed too.
  await visitor.page.evaluate(
    (html) => document.getElementById("hostile")!.insertAdjacentHTML("beforeend", `${html}<p>Payloads added live</p>`),
    payloads.join("\n"),
  );
  await expect(replayFrame(agentView.page).getByText("Payloads added live")).toBeVisible();
  // Time for anything that would load, fail or fire to do so.
  await agentView.page.waitForTimeout(1_500);

  // The payloads did run in the visitor's own page: the sentinel works.
  expect(sentinel.hits.some((from) => from.includes("/demo"))).toBe(true);
  // No document of the agent's browser ran any of them.
  expect(sentinel.hits.filter((from) => !from.includes("/demo"))).toEqual([]);
  for (const frame of agentView.page.frames()) {
    expect(await frame.evaluate(() => (window as { __pwned?: number }).__pwned ?? null), frame.url()).toBeNull();
  }
  expect(dialogs).toEqual([]);
  // The watch page still runs: its own scripts are unaffected, and it is still on the session.
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  expect(new URL(agentView.page.url()).pathname).toMatch(/^\/watch\/session\//);

  await agentView.close();
  await visitor.close();
});
