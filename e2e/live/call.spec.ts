import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { startTurnServer, type RunningTurnServer } from "../support/turn-server";
import {
  callAndAccept,
  energyOverASecond,
  expectAudioFlowing,
  inboundAudio,
  launchCallBrowser,
  openCallAgent,
  openCallVisitor,
  selectedPair,
  SILENCE,
} from "./call-helpers";
import { agent, createWatchLink, liveServer } from "./live-helpers";

// Voice calls between the agent's watch page and the visitor's page: real WebRTC between two Chromium
// contexts (call-helpers.ts).
test.describe.configure({ mode: "serial" });

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchCallBrowser();
});
test.afterAll(async () => {
  await browser?.close();
});

async function sessionOfAgent(api: APIRequestContext) {
  const response = await api.get("/v1.3/agents/lookup", { params: { external_id: agent.id } });
  expect(response.status(), await response.text()).toBe(200);
  const sessions = (await response.json()).agent.sessions as Array<{
    started_at: string;
    call_length_seconds: number;
    formatted_call_length: string;
    features_used: string[];
  }>;
  return sessions.sort((a, b) => b.started_at.localeCompare(a.started_at))[0];
}

// One server for the file (each start costs CI time): its ICE servers are a real coturn started here, and
// its policy is "relay", so the media must go through TURN with the credentials Tandem minted per call.
let turn: RunningTurnServer;
const turnEnv: Record<string, string> = {};
test.beforeAll(async () => {
  turn = await startTurnServer();
  Object.assign(turnEnv, { TURN_URLS: turn.url, TURN_SECRET: turn.secret, ICE_TRANSPORT_POLICY: "relay" });
});
test.afterAll(async () => {
  await turn?.stop();
});
const live = liveServer({ require_authorization: false }, turnEnv);

test("the agent calls, the visitor accepts, both hear each other through TURN, mute and unmute, and either side's end ends the call", async () => {
  const visitor = await openCallVisitor(browser, live.server.url);
  const agentView = await openCallAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  await callAndAccept(agentView.page, visitor.page);
  await expectAudioFlowing(agentView.page);
  await expect.poll(() => selectedPair(agentView.page)).toEqual({ local: "relay", remote: "relay" });
  // And the visitor hears the agent.
  await expect.poll(async () => (await inboundAudio(visitor.page))?.level ?? 0).toBeGreaterThan(0);

  // The help bar shows the call, with its own Mute and End call.
  const bar = visitor.page.getByRole("region", { name: "Co-browsing session" });
  const call = bar.getByRole("group", { name: "Call with the agent" });
  await expect(call.getByText("On a call")).toBeVisible();
  await call.getByRole("button", { name: "Mute" }).click();
  await expect.poll(() => energyOverASecond(agentView.page)).toBeLessThan(SILENCE);
  await call.getByRole("button", { name: "Unmute" }).click();
  await expect.poll(() => energyOverASecond(agentView.page)).toBeGreaterThan(SILENCE);

  await agentView.page.getByRole("button", { name: "Mute", exact: true }).click();
  await expect.poll(() => energyOverASecond(visitor.page)).toBeLessThan(SILENCE);
  await agentView.page.getByRole("button", { name: "Unmute", exact: true }).click();
  await expect.poll(() => energyOverASecond(visitor.page)).toBeGreaterThan(SILENCE);

  // The agent shows their camera: the visitor sees it in the bar.
  await agentView.page.getByRole("button", { name: "Show my camera" }).click();
  await expect(call.locator("video")).toBeVisible();
  await expect.poll(() => call.locator("video").evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);

  // The visitor hangs up.
  await call.getByRole("button", { name: "End call" }).click();
  await expect(call).toHaveCount(0);
  await expect(bar).toBeVisible();
  await expect(agentView.page.getByRole("button", { name: "Start call" })).toBeVisible();
  await expect(agentView.page.getByTestId("call-notice")).toHaveText("The call ended.");
  expect(await visitor.page.evaluate(() => window.__callEvents)).toEqual(["callStart", "callAccepted", "callEnd"]);
  const first = await sessionOfAgent(live.api);
  expect(first.call_length_seconds).toBeGreaterThan(0);
  expect(first.features_used).toContain("audio");

  // A second call, which the agent ends by ending the session.
  await callAndAccept(agentView.page, visitor.page);
  await expectAudioFlowing(agentView.page);
  await agentView.page.getByRole("button", { name: "End session" }).click();
  await agentView.page.getByRole("dialog", { name: "End this session?" }).getByRole("button", { name: "End session" }).click();
  await expect(visitor.page.locator("[data-tandem-call-bar]")).toHaveCount(0);
  await expect
    .poll(() => visitor.page.evaluate(() => window.__callEvents))
    .toEqual(["callStart", "callAccepted", "callEnd", "callStart", "callAccepted", "callEnd"]);
  expect(await agentView.page.evaluate(() => window.__peers!.at(-1)!.connectionState)).toBe("closed");
  // The session's call length is both calls'.
  expect((await sessionOfAgent(live.api)).call_length_seconds).toBeGreaterThan(first.call_length_seconds);
  await agentView.close();
  await visitor.close();
});

test("a link without audio offers no call", async () => {
  const visitor = await openCallVisitor(browser, live.server.url);
  const agentView = await openCallAgent(browser, await createWatchLink(live.api, visitor.visitorId, { permissions: { allow_audio: false } }));
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(agentView.page.getByRole("button", { name: "End session" })).toBeVisible();
  await expect(agentView.page.getByRole("button", { name: "Start call" })).toHaveCount(0);
  await agentView.close();
  await visitor.close();
});
