/**
 * Voice call set-up as people see it, in real Chromium pages against a real server on loopback: from the
 * visitor pressing Accept to the agent receiving their audio (inbound audio bytes > 0 and audio level
 * > 0 in the agent's WebRTC stats), p50/p95 over --runs calls in one session; with each call's round-trip
 * time (the selected candidate pair's) and the audio's jitter, read one second into the call.
 *
 *   npx tsx bench/call-setup.ts [--runs 10]
 *
 * Needs a production build with the visitor script (`npm run build`) and Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium). Both microphones play a steady tone (a WAV made here), so the level is
 * above 0 as soon as audio arrives; no TURN server (host candidates on loopback).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { openDemoVisitor, sleep, startBenchServer, summary } from "./live-support";
import { KEEP_PEERS } from "../e2e/support/keep-peers";

const { values } = parseArgs({ options: { runs: { type: "string", default: "10" } } });
const RUNS = Number(values.runs);

/** Two seconds of a 440 Hz tone, 48 kHz mono 16-bit PCM, which Chromium's fake microphone loops. */
function toneWav(): string {
  const rate = 48_000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12_000), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-call-")), "tone.wav");
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/** The agent's latest connection: inbound audio bytes and level, its jitter (s) and the selected pair's round-trip time (s). */
function callStats(page: Page) {
  return page.evaluate(async () => {
    const peer = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers?.at(-1);
    const found = { bytes: 0, level: 0, jitter: 0, rtt: 0 };
    if (!peer) return found;
    const reports = new Map<string, Record<string, number | string>>();
    (await peer.getStats()).forEach((report: Record<string, number | string>) => reports.set(report.id as string, report));
    for (const report of reports.values()) {
      if (report.type === "inbound-rtp" && report.kind === "audio") {
        found.bytes = Number(report.bytesReceived ?? 0);
        found.level = Number(report.audioLevel ?? 0);
        found.jitter = Number(report.jitter ?? 0);
      }
      if (report.type === "transport") found.rtt = Number(reports.get(report.selectedCandidatePairId as string)?.currentRoundTripTime ?? 0);
    }
    return found;
  });
}

const bench = await startBenchServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-audio-capture=${toneWav()}`,
  ],
});
try {
  await bench.api("PATCH", "/service-admin/team", { require_authorization: false });
  const visitor = await (await browser.newContext()).newPage();
  const visitorId = await openDemoVisitor(visitor, bench);
  const created = await bench.api("POST", `/v1.3/visitors/${visitorId}/watch_url`, {
    agent: { id: "bench-agent", name: "Bench Agent" },
    options: { audio_muted: false },
  });
  const agent = await (await browser.newContext()).newPage();
  await agent.addInitScript(KEEP_PEERS);
  await agent.goto(created.watch_url as string);
  await agent.locator("[data-testid=visitor-status][data-status=live]").waitFor();

  const setups: number[] = [];
  const rtts: number[] = [];
  const jitters: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await agent.getByRole("button", { name: "Start call" }).click();
    const accept = visitor.getByRole("dialog", { name: "Bench Agent wants to talk with you" }).getByRole("button", { name: "Accept" });
    await accept.waitFor();
    const peersBefore = await agent.evaluate(() => (window as unknown as { __peers?: unknown[] }).__peers?.length ?? 0);
    const started = performance.now();
    await accept.click();
    for (;;) {
      const count = await agent.evaluate(() => (window as unknown as { __peers?: unknown[] }).__peers?.length ?? 0);
      const stats = count > peersBefore ? await callStats(agent) : null;
      if (stats && stats.bytes > 0 && stats.level > 0) break;
      if (performance.now() - started > 20_000) throw new Error("no audio 20 s after Accept");
      await sleep(10);
    }
    setups.push(performance.now() - started);
    await sleep(1000);
    const { rtt, jitter } = await callStats(agent);
    rtts.push(rtt * 1000);
    jitters.push(jitter * 1000);
    await agent.getByRole("button", { name: "End call" }).click();
    await agent.getByRole("button", { name: "Start call" }).waitFor();
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  const show = (values: number[]) => Object.fromEntries(Object.entries(summary(values)).map(([key, value]) => [key, round(value)]));
  console.log(JSON.stringify({ runs: RUNS, acceptToAudioMs: show(setups), roundTripMs: show(rtts), jitterMs: show(jitters) }, null, 2));
} finally {
  await browser.close();
  await bench.stop();
}
