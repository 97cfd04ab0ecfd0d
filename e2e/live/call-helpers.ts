import { chromium, type Browser, type Page } from "@playwright/test";
import { expect } from "../support/fixtures";
import { agent, openVisitor } from "./live-helpers";
import { KEEP_PEERS } from "../support/keep-peers";

/**
 * What the voice-call specs share: a Chromium whose microphone and camera are its fake devices (a tone
 * that beeps, a test pattern) and whose permission prompts are answered yes (the page's own Accept is
 * what the visitor decides with), and the WebRTC stats of the pages' connections.
 */
export function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  });
}

declare global {
  interface Window {
    __peers?: RTCPeerConnection[];
    __callEvents?: string[];
  }
}

/** The audio the page's latest peer connection receives: bytes so far and its level now (0 to 1). */
export async function inboundAudio(page: Page): Promise<{ bytes: number; level: number } | null> {
  return page.evaluate(async () => {
    const peer = window.__peers?.at(-1);
    if (!peer) return null;
    let found: { bytes: number; level: number } | null = null;
    (await peer.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number; audioLevel?: number }) => {
      if (report.type === "inbound-rtp" && report.kind === "audio") found = { bytes: report.bytesReceived ?? 0, level: report.audioLevel ?? 0 };
    });
    return found;
  });
}

/**
 * The audio energy the page's latest connection received over 1.1 s. Chromium's fake microphone beeps
 * for 20 ms every 500 ms, so a live microphone gives at least two beeps' worth; a muted one sends silence.
 */
export async function energyOverASecond(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const energy = async () => {
      let total = 0;
      (await window.__peers!.at(-1)!.getStats()).forEach((report: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (report.type === "inbound-rtp" && report.kind === "audio") total = report.totalAudioEnergy ?? 0;
      });
      return total;
    };
    const before = await energy();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    return (await energy()) - before;
  });
}
export const SILENCE = 1e-6;

/** The kinds of the local and remote candidates of the pair the page's latest connection uses. */
export async function selectedPair(page: Page): Promise<{ local: string; remote: string } | null> {
  return page.evaluate(async () => {
    const reports = new Map<string, Record<string, unknown>>();
    (await window.__peers!.at(-1)!.getStats()).forEach((report: Record<string, unknown>) => reports.set(report.id as string, report));
    const transport = [...reports.values()].find((report) => report.type === "transport");
    const pair = transport && reports.get(transport.selectedCandidatePairId as string);
    if (!pair) return null;
    return {
      local: reports.get(pair.localCandidateId as string)?.candidateType as string,
      remote: reports.get(pair.remoteCandidateId as string)?.candidateType as string,
    };
  });
}

/** An agent's page on a watch link. */
export async function openCallAgent(browser: Browser, watchUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(KEEP_PEERS);
  await page.goto(watchUrl);
  return { page, close: () => context.close() };
}

/** A visitor on the sample shop whose page notes the call events `window.Tandem` emits. */
export async function openCallVisitor(browser: Browser, baseUrl: string) {
  const visitor = await openVisitor(browser, baseUrl, (page) => void page.addInitScript(KEEP_PEERS));
  await visitor.page.evaluate(() => {
    window.__callEvents = [];
    for (const event of ["callStart", "callAccepted", "callEnd"]) window.Tandem!.on(event, () => window.__callEvents!.push(event));
  });
  return visitor;
}

/** The agent rings; the visitor is asked in an accessible dialog and accepts; the agent hears them. */
export async function callAndAccept(agentPage: Page, visitorPage: Page) {
  // A call starts once the visitor's page is live in the watch page.
  await expect(agentPage.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  const peers = () => visitorPage.evaluate(() => window.__peers?.length ?? 0);
  const before = await peers();
  await agentPage.getByRole("button", { name: "Start call" }).click();
  await expect(agentPage.getByTestId("call-status")).toHaveText("Calling the visitor…");
  const dialog = visitorPage.getByRole("dialog", { name: `${agent.name} wants to talk with you` });
  await expect(dialog).toBeVisible();
  // Honest about the link's audio_muted (the API's default): the agent will not hear them at first.
  await expect(dialog).toContainText(`${agent.name} will not hear you until they turn your voice on.`);
  await expect(visitorPage.locator("dialog[data-tandem-call]")).toBeVisible();
  // Nothing connects before the visitor's click.
  expect(await peers()).toBe(before);
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(agentPage.getByTestId("call-status")).toHaveText("On a call");
  // The link's audio_muted (default true): the visitor starts muted for the agent, who turns them on; the
  // button then says what it does next.
  await agentPage.getByRole("button", { name: "Hear the visitor" }).click();
  await expect(agentPage.getByRole("button", { name: "Mute the visitor" })).toBeVisible();
}

/** The agent receives the visitor's audio: its bytes keep growing and it is not silent. */
export async function expectAudioFlowing(page: Page) {
  await expect.poll(async () => (await inboundAudio(page))?.bytes ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
  const { bytes } = (await inboundAudio(page))!;
  await expect.poll(async () => (await inboundAudio(page))!.bytes).toBeGreaterThan(bytes);
  await expect.poll(async () => (await inboundAudio(page))!.level).toBeGreaterThan(0);
}
