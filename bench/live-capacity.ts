/**
 * How many concurrent live sessions, each with two viewers, one Tandem process relays before the p95
 * latency (visitor's batch POSTed → the event read by each viewer's stream) passes 250 ms.
 *
 *   npx tsx bench/live-capacity.ts [--steps 100,250,500,750,1000] [--seconds 10] [--every 250] [--all] [--server-dir <checkout>]
 *
 * Needs a production build (`npm run build`). Every session is real: a registered visitor holding its
 * stream, a watch link opened (the session starts), two viewer streams with the watch page's credential.
 * Each visitor sends one small batch of changes every `--every` ms (a page someone is typing in). The
 * load generator shares the machine with the server, so the figures are a floor. The run stops at the
 * first step whose p95 passes 250 ms, unless `--all`. Each step also prints the server's CPU (its process
 * tree's, from /proc) per batch relayed to both viewers, and the load generator's own. `--server-dir`
 * measures the server of another checkout (with its own build), a baseline in the same run.
 */
import { parseArgs } from "node:util";
import { requireFinite } from "./fail-loudly";
import { postJson } from "./light-http";
import { cpuSeconds } from "./process-cpu";
import { openWatchLinkForViewer, readSse, sleep, startBenchServer, summary, watchLink, type BenchServer } from "./live-support";

const { values } = parseArgs({
  options: {
    steps: { type: "string", default: "100,250,500,750,1000" },
    seconds: { type: "string", default: "10" },
    every: { type: "string", default: "250" },
    all: { type: "boolean", default: false },
    "server-dir": { type: "string" },
  },
});
const steps = values.steps.split(",").map(Number);
const seconds = Number(values.seconds);
const every = Number(values.every);
const LIMIT_MS = 250;

interface LiveSession {
  visitorHeaders: Record<string, string>;
  sessionId: string;
  seq: number;
  abort: AbortController;
}

const latencies: number[] = [];
let measuring = false;
/** Batches sent while measuring: each should reach both viewers. */
let sent = 0;

async function openSession(bench: BenchServer, index: number): Promise<LiveSession> {
  const url = bench.server.url;
  const registered = await postJson<{ visitorId: string; token: string }>(
    `${url}/collect/register`,
    {},
    {
      publicKey: bench.publicKey,
      url: `https://shop.example.com/p/${index}`,
    },
  );
  const abort = new AbortController();
  const visitorHeaders = { "x-visitor-id": registered.visitorId, "x-visitor-token": registered.token };
  void readSse(`${url}/collect/live/stream`, visitorHeaders, () => {}, abort.signal);
  try {
    return await startSession(bench, visitorHeaders, registered.visitorId, abort);
  } catch (error) {
    abort.abort(); // its streams end with it, and the failure reported is this one
    throw error;
  }
}

/** Opens the visitor's watch link as a viewer, accepts consent, opens two viewer streams and sends the page. */
async function startSession(bench: BenchServer, visitorHeaders: Record<string, string>, visitorId: string, abort: AbortController): Promise<LiveSession> {
  const url = bench.server.url;
  const { sessionId, token } = await openWatchLinkForViewer(await watchLink(bench, visitorId));
  // The visitor accepts the consent prompt, as the visitor script posts it when the person presses Accept.
  await postJson(`${url}/collect/live/consent`, visitorHeaders, { sessionId, accepted: true });
  for (let viewer = 0; viewer < 2; viewer++) {
    void readSse(
      `${url}/live/sessions/${sessionId}/stream`,
      { authorization: `Bearer ${token}` },
      (message, receivedAt) => {
        if (!measuring || message.type !== "events") return;
        for (const event of message.events as Array<{ data?: { sentAt?: number } }>) if (event.data?.sentAt) latencies.push(receivedAt - event.data.sentAt);
      },
      abort.signal,
    );
  }
  const session = { visitorHeaders, sessionId, seq: 0, abort };
  // The page's first batch: Meta + a full snapshot (small, fixed) — the session is then live.
  await send(bench, session, [
    { type: 4, timestamp: Date.now(), data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
    { type: 2, timestamp: Date.now(), data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } },
  ]);
  return session;
}

async function send(bench: BenchServer, session: LiveSession, events: unknown[]): Promise<void> {
  await postJson(`${bench.server.url}/collect/live/events`, session.visitorHeaders, { sessionId: session.sessionId, seq: ++session.seq, events });
  sent++;
}

/** Every session sends a batch every `every` ms, spread evenly, for `seconds`. */
async function drive(bench: BenchServer, sessions: LiveSession[]): Promise<void> {
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    sessions.map(async (session, index) => {
      await sleep((every * index) / sessions.length);
      while (Date.now() < until) {
        const sentAt = performance.timeOrigin + performance.now();
        await send(bench, session, [{ type: 3, timestamp: Date.now(), data: { source: 5, id: 7, text: "typing…", isChecked: false, sentAt } }]);
        await sleep(Math.max(0, every - (performance.timeOrigin + performance.now() - sentAt)));
      }
    }),
  );
}

const bench = await startBenchServer(values["server-dir"]);
const sessions: LiveSession[] = [];
try {
  console.log(`Each session: 1 visitor + 2 viewers; one batch every ${every} ms per session; ${seconds} s per step.`);
  console.log(
    "| live sessions | viewers | batches sent | events read by viewers | p50 ms | p95 ms | max ms | server CPU (cores) | server CPU ms a batch | load generator CPU (cores) |\n|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const target of steps) {
    while (sessions.length < target) {
      const batch = Math.min(10, target - sessions.length);
      sessions.push(...(await Promise.all(Array.from({ length: batch }, (_, i) => openSession(bench, sessions.length + i)))));
    }
    await sleep(1000);
    latencies.length = 0;
    sent = 0;
    measuring = true;
    const started = performance.now();
    const serverBefore = cpuSeconds({ server: [bench.server.pid] }).server;
    const clientBefore = process.cpuUsage();
    await drive(bench, sessions);
    const wall = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds({ server: [bench.server.pid] }).server - serverBefore;
    const client = process.cpuUsage(clientBefore);
    await sleep(500);
    measuring = false;
    const figures = requireFinite(summary(latencies, `${target} sessions' latencies`), `${target} sessions' latencies`);
    console.log(
      `| ${target} | ${target * 2} | ${sent} | ${figures.n} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.max.toFixed(0)} | ` +
        `${(serverCpu / wall).toFixed(2)} | ${((serverCpu * 1000) / sent).toFixed(2)} | ${((client.user + client.system) / 1e6 / wall).toFixed(2)} |`,
    );
    if (figures.p95 > LIMIT_MS && !values.all) {
      console.log(`p95 passed ${LIMIT_MS} ms at ${target} sessions.`);
      break;
    }
  }
} finally {
  for (const session of sessions) session.abort.abort();
  await bench.stop();
}
process.exit(0);
