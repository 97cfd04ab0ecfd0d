import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { apiClient, registerVisitor, type TestVisitor } from "../support/api";
import { startCluster, type Cluster } from "../support/cluster";
import { startReceiver } from "../support/webhook-receiver";
import { acceptCoBrowsing, createWatchLink, openAgent, openVisitor, replayFrame } from "../live/live-helpers";
import { callAndAccept, expectAudioFlowing, launchCallBrowser, openCallAgent, openCallVisitor } from "../live/call-helpers";

/** Two app nodes over PostgreSQL and Redis, behind nginx (npm run test:scale, on PostgreSQL). */
let cluster: Cluster;
let api: APIRequestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster();
  api = await apiClient(cluster.url, cluster.apiKey);
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await api?.dispose();
  await receiver?.close();
  await cluster?.stop();
});

/** The same link on another origin: the agent's browser goes to one node directly. */
const onOrigin = (link: string, origin: string) => origin + new URL(link).pathname;

/** Which node served each of the page's live streams, and every answer to its event batches. */
function watchLiveTraffic() {
  const streamNodes: string[] = [];
  const batches: { seq: number; status: number; accepted?: boolean }[] = [];
  const watch = (page: Page) =>
    page.on("response", async (response) => {
      const url = response.url();
      if (url.includes("/collect/live/stream")) streamNodes.push(response.headers()["x-tandem-node"] ?? "?");
      if (url.endsWith("/collect/live/events") && response.request().method() === "POST") {
        const seq = JSON.parse(response.request().postData() ?? "{}").seq as number;
        const body = await response.json().catch(() => ({}));
        batches.push({ seq, status: response.status(), accepted: body.accepted });
      }
    });
  return { streamNodes, batches, watch };
}

async function endSession(agentPage: Page, visitorPage: Page) {
  await agentPage.getByRole("button", { name: "End session" }).click();
  await agentPage.getByRole("dialog").getByRole("button", { name: "End session" }).click();
  await expect(visitorPage.getByText("The co-browsing session has ended.")).toBeVisible();
}

test("a visitor on node A and an agent on node B meet: the agent sees the typing, and the end's webhook arrives once", async ({ browser }) => {
  const { a, b } = cluster.nodes;
  const traffic = watchLiveTraffic();
  const visitor = await openVisitor(browser, a.url, traffic.watch);
  const link = await createWatchLink(api, visitor.visitorId, { webhook_url: receiver.url });
  const agentView = await openAgent(browser, onOrigin(link, b.url));
  await acceptCoBrowsing(visitor.page);
  const replay = replayFrame(agentView.page);

  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(replay.getByRole("heading", { name: "Demo shop" })).toBeVisible();
  await visitor.page.getByTestId("name").pressSequentially("Ada Lovelace");
  await expect(replay.locator("input[name=name]")).toHaveValue("Ada Lovelace");
  expect(new Set(traffic.streamNodes)).toEqual(new Set([cluster.nodeId("node-a")]));

  await endSession(agentView.page, visitor.page);
  const ours = () => receiver.received.filter((hook) => JSON.parse(hook.body).visitor_id === visitor.visitorId);
  await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
  // Both nodes' delivery workers keep running (every second): still one delivery a while later.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(ours()).toHaveLength(1);
  await agentView.close();
  await visitor.close();
});

test("a watch link whose session cannot be described at once still opens: the tab keeps its credential and shows the session once the database answers", async ({
  browser,
}) => {
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  const locker = new pg.Client({ connectionString: cluster.databaseUrl });
  await Promise.all([db.connect(), locker.connect()]);
  // Opening a link adds its agent to the session, after checking the agent exists: held there a moment,
  // an ALTER TABLE's lock on the agents table can be queued behind it, and is taken as the link's
  // transaction commits, before the page reads the session's agents.
  await db.query("create function pause_a_moment() returns trigger language plpgsql as $$ begin perform pg_sleep(1); return new; end $$");
  await db.query("create trigger pause_a_moment after insert on session_agents for each row execute function pause_a_moment()");
  const context = await browser.newContext();
  try {
    const visitor = await registerVisitor(api);
    const link = await createWatchLink(api, visitor.visitorId);
    const page = await context.newPage();
    const refused = page.waitForResponse((response) => /\/live\/sessions\/[^/]+$/.test(new URL(response.url()).pathname) && response.status() === 503);
    const opening = page.goto(link);
    // The link's transaction, paused in its insert of the session's agent, holds the agents table's lock of its check.
    const agentsChecked = `select 1 from pg_locks join pg_stat_activity using (pid)
      where relation = 'agents'::regclass and mode = 'RowShareLock' and granted and query like '%insert into "session_agents"%'`;
    await expect.poll(async () => (await db.query(agentsChecked)).rowCount, { intervals: [50] }).toBeGreaterThan(0);
    await locker.query("begin");
    const locked = locker.query("lock table agents in access exclusive mode");
    await opening;

    // The link is spent: the page leaves its address, keeps the credential, and asks again while refused.
    await expect(page).toHaveURL(/\/watch\/session\/s_/);
    await expect(page.getByRole("heading", { name: "Tandem is briefly unavailable" })).toBeVisible();
    await refused;
    await locked;
    await locker.query("commit");
    await expect(page.getByTestId("visitor-status")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Tandem is briefly unavailable" })).toBeHidden();
  } finally {
    await locker.query("rollback").catch(() => undefined);
    await db.query("drop trigger if exists pause_a_moment on session_agents; drop function if exists pause_a_moment()");
    await Promise.all([db.end(), locker.end(), context.close()]);
  }
});

/** Opens a session through nginx and types into the visitor's name field until the agent sees it. */
async function liveSessionThroughNginx(browser: Browser) {
  const traffic = watchLiveTraffic();
  const visitor = await openVisitor(browser, cluster.url, traffic.watch);
  const agentView = await openAgent(browser, await createWatchLink(api, visitor.visitorId));
  await acceptCoBrowsing(visitor.page);
  const replay = replayFrame(agentView.page);
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  const field = visitor.page.getByTestId("name");
  await field.pressSequentially("before ");
  await expect(replay.locator("input[name=name]")).toHaveValue("before ");
  expect(traffic.streamNodes).toHaveLength(1);
  const holder = traffic.streamNodes[0] === cluster.nodeId("node-a") ? ("a" as const) : ("b" as const);
  return { traffic, visitor, agentView, replay, field, holder, other: cluster.nodeId(holder === "a" ? "node-b" : "node-a") };
}

/** Every batch the visitor numbered was taken, none refused as a gap: no event was lost. */
function expectNoBatchLost(batches: { seq: number; status: number; accepted?: boolean }[]) {
  const taken = batches.filter((batch) => batch.status === 200 && batch.accepted === true).map((batch) => batch.seq);
  expect(new Set(taken)).toEqual(new Set(Array.from({ length: Math.max(...taken) }, (_, index) => index + 1)));
  expect(batches.filter((batch) => batch.accepted === false)).toEqual([]);
}

test("a node stopped with SIGTERM mid-session drains: it closes its streams and exits, and the session carries on", async ({ browser }) => {
  const session = await liveSessionThroughNginx(browser);
  const stopping = cluster.nodes[session.holder];
  // A visitor's pages keep coming through nginx while the node stops (pageviews, which nginx never sends
  // twice): the node takes no new connection, and cuts no request.
  const visitor = await registerVisitor(api);
  const answers: number[] = [];
  let browsing = true;
  const pages = Promise.all(
    Array.from({ length: 4 }, async (_, tab) => {
      for (let page = 1; browsing; page++) {
        const body = JSON.stringify({ url: `https://shop.example.com/during-the-stop/${tab}/${page}` });
        const response = await fetch(`${cluster.url}/collect/pageview`, { method: "POST", headers: visitor.headers, body }).catch(() => null);
        answers.push(response?.status ?? 0);
      }
    }),
  );
  const stopped = stopping.stop();
  await session.field.pressSequentially("during the stop", { delay: 40 });
  await stopped;
  browsing = false;
  await pages;
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.filter((status) => status !== 200)).toEqual([]);
  expect(stopping.output()).toContain("SIGTERM: draining this app node…");
  expect(stopping.output()).toContain("Stopped.");

  await expect.poll(() => session.traffic.streamNodes.at(-1), { timeout: 20_000 }).toBe(session.other);
  await expect(session.replay.locator("input[name=name]")).toHaveValue("before during the stop", { timeout: 20_000 });
  expectNoBatchLost(session.traffic.batches);
  await endSession(session.agentView.page, session.visitor.page);
  await session.agentView.close();
  await session.visitor.close();
  await cluster.restart(session.holder);
});

test("a node killed mid-session: visitor and agent reconnect through nginx to the other node, and no event is lost", async ({ browser }) => {
  const session = await liveSessionThroughNginx(browser);
  // Kill (SIGKILL, no goodbye) the node holding the visitor's stream, and keep typing meanwhile.
  await cluster.nodes[session.holder].crash();
  await session.field.pressSequentially("after the crash", { delay: 60 });

  await expect.poll(() => session.traffic.streamNodes.at(-1), { timeout: 20_000 }).toBe(session.other);
  await expect(session.replay.locator("input[name=name]")).toHaveValue("before after the crash", { timeout: 20_000 });
  await expect(session.agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  expectNoBatchLost(session.traffic.batches);

  // The agent still ends the session through the surviving node, and the visitor's page learns it.
  await endSession(session.agentView.page, session.visitor.page);
  await session.agentView.close();
  await session.visitor.close();
  await cluster.replace(session.holder);
});

test("heartbeats answered by a node that is then killed are kept: the visitors stay online, and their next heartbeat on the other node is written", async () => {
  const visitors = await Promise.all(Array.from({ length: 10 }, () => registerVisitor(api)));
  const beat = (url: string, visitor: TestVisitor) => fetch(`${url}/collect/heartbeat`, { method: "POST", headers: visitor.headers, body: "{}" });
  // Answered by node A, which dies right after: each was written before it was answered.
  const sent = new Date();
  for (const visitor of visitors) expect((await beat(cluster.nodes.a.url, visitor)).status).toBe(200);
  await cluster.nodes.a.crash();

  // nginx may count the surviving node as failed for a while after the previous test's kill: ask until it answers.
  const state = async (visitor: TestVisitor) => {
    let answer: { visitor?: Record<string, unknown> } = {};
    await expect
      .poll(async () => (answer = await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json().catch(() => ({}))).visitor !== undefined, {
        timeout: 20_000,
      })
      .toBe(true);
    return answer.visitor!;
  };
  for (const visitor of visitors) expect(await state(visitor)).toMatchObject({ is_online: true });
  for (const visitor of visitors) expect(new Date(String((await state(visitor)).last_seen_at)).getTime()).toBeGreaterThanOrEqual(sent.getTime());
  const before = new Map(await Promise.all(visitors.map(async (visitor) => [visitor.visitorId, (await state(visitor)).last_seen_at] as const)));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const visitor of visitors) expect((await beat(cluster.nodes.b.url, visitor)).status).toBe(200);
  for (const visitor of visitors) {
    await expect.poll(async () => String((await state(visitor)).last_seen_at) > String(before.get(visitor.visitorId)), { timeout: 10_000 }).toBe(true);
    expect(await state(visitor)).toMatchObject({ is_online: true });
  }
  await cluster.replace("a");
});

test("a voice call between a visitor on node A and an agent on node B: its signalling crosses over Redis", async () => {
  const { a, b } = cluster.nodes;
  const callBrowser = await launchCallBrowser();
  try {
    const visitor = await openCallVisitor(callBrowser, a.url);
    const agentView = await openCallAgent(callBrowser, onOrigin(await createWatchLink(api, visitor.visitorId), b.url));
    await acceptCoBrowsing(visitor.page);
    await callAndAccept(agentView.page, visitor.page);
    await expectAudioFlowing(agentView.page);
    await endSession(agentView.page, visitor.page);
    await expect.poll(() => visitor.page.evaluate(() => window.__callEvents)).toEqual(["callStart", "callAccepted", "callEnd"]);
  } finally {
    await callBrowser.close();
  }
});
