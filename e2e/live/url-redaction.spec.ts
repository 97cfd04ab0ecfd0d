import { expect, type Page, test } from "@playwright/test";
import { setTeam } from "../support/api";
import { createWatchLink, liveServer, openAgent, openVisitor, tapAgentStream } from "./live-helpers";

const live = liveServer({ require_authorization: false, history_enabled: true });

const SECRETS = ["abc123secret", "frag-secret", "oauth-code-secret", "state-secret"];

async function visitorResource(visitorId: string) {
  const response = await live.api.get(`/v1.3/visitors/${visitorId}?with_history=true`);
  expect(response.status()).toBe(200);
  return (await response.json()).visitor as { last_url: string; history: Array<{ url: string }> };
}

test("a page's secret query values and fragment never leave the visitor's browser, nor reach the API or an agent", async ({ browser }) => {
  // The script's own requests carry no Referer either (the page's URL would reach the service's logs).
  const referrers: string[] = [];
  const watch = (page: Page) =>
    page.on("request", (request) => {
      if (/\/collect\/(register|pageview|heartbeat|live\/events)|cobrowse-recorder/.test(request.url())) referrers.push(request.headers().referer ?? "");
    });
  const visitor = await openVisitor(browser, live.server.url, watch, "/demo?reset_token=abc123secret&page=2#frag-secret");
  await expect.poll(async () => (await visitorResource(visitor.visitorId)).last_url).toBe(`${live.server.url}/demo?reset_token=&page=2`);

  // A single-page app's navigation: the pageview follows the same rule.
  await visitor.page.evaluate(() => history.pushState({}, "", "/demo/account?code=oauth-code-secret&tab=orders#state-secret"));
  await expect.poll(async () => (await visitorResource(visitor.visitorId)).last_url).toBe(`${live.server.url}/demo/account?code=&tab=orders`);

  // The recording's Meta events carry the page's address too.
  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  const tap = tapAgentStream(live.server.url, agentView.sessionId(), agentView.token());
  await expect.poll(() => tap.text()).toContain(`"href":"${live.server.url}/demo/account?code=&tab=orders"`);
  tap.stop();
  expect(referrers.length).toBeGreaterThan(3);

  const resource = await visitorResource(visitor.visitorId);
  for (const [where, text] of [
    ["what the visitor's page sent", visitor.sent.filter((line) => !line.startsWith(`${live.server.url}/demo`)).join("\n")],
    ["the agent's stream", tap.text()],
    ["the API", JSON.stringify(resource)],
    ["the Referer of the script's requests", referrers.join("\n")],
  ]) {
    expect(
      SECRETS.filter((secret) => text.includes(secret)),
      where,
    ).toEqual([]);
  }
  expect(resource.history.map((pageview) => pageview.url).sort()).toEqual([
    `${live.server.url}/demo/account?code=&tab=orders`,
    `${live.server.url}/demo?reset_token=&page=2`,
  ]);
  await agentView.close();
  await visitor.close();
});

test("the team's own list applies: from the next page on in the script, at once in what the service stores", async ({ browser }) => {
  await setTeam(live.api, { url_redacted_params: ["coupon"] });
  const visitor = await openVisitor(browser, live.server.url, undefined, "/demo?coupon=SAVE50&token=kept-by-team");
  // This page's first request used the defaults (the list was not known yet); the service applies the team's.
  await expect.poll(async () => (await visitorResource(visitor.visitorId)).last_url).toBe(`${live.server.url}/demo?coupon=&token=`);
  await visitor.page.evaluate(() => history.pushState({}, "", "/demo?coupon=SAVE60&token=kept-by-team"));
  await expect.poll(async () => (await visitorResource(visitor.visitorId)).last_url).toBe(`${live.server.url}/demo?coupon=&token=kept-by-team`);
  await visitor.close();
  await setTeam(live.api, { url_redacted_params: ["token", "code", "secret"] });
});
