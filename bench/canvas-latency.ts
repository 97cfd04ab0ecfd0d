/**
 * 2D canvases, from a drawing on the visitor's page to the agent's mirror showing it, in real Chromium
 * pages against a real server: p50/p95 of draw → the mirror's canvas showing that drawing (its image
 * in the canvas's style, watched on every frame the agent's browser paints; both pages on this
 * machine's clock), and the bytes a second the visitor's page sent meanwhile.
 *
 *   npx tsx bench/canvas-latency.ts [--ref REV] [--git DIR]
 *
 * Runs each scenario with this tree's canvas capture and with lib/visitor/recorder/canvas-capture.ts as it is at
 * REV (default HEAD; read with `git -C DIR show`, DIR default `.`), everything else this tree's: the
 * recorder the visitor's browser fetches is swapped. Scenarios, on a page with a 600 × 300 chart and an
 * 816 × 1056 document page: chart updates (30 redraws 300–700 ms apart), chart animations (10 bursts of
 * 30 frames 16 ms apart, 1.2 s apart; the last frame counts) and document pages (12 pages 800 ms apart).
 *
 * Needs a production build with the visitor script (`npm run build`) and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import { startCustomerSite } from "../e2e/fidelity/support/customer-site";
import { bundleScript, VISITOR_BUNDLES } from "../scripts/build-visitor-script";
import { sleep, startBenchServer, summary, type BenchServer, launchBenchBrowser, watchVisitorPage } from "./live-support";

const { values } = parseArgs({ options: { ref: { type: "string", default: "HEAD" }, git: { type: "string", default: "." } } });
const CAPTURE = "lib/visitor/recorder/canvas-capture.ts";

/**
 * The page: each drawing paints a code in its top-left 16 × 16 px (the drawing's number in three
 * colour channels, 32 levels apart, so a lossy image still tells it) and records when it was drawn.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;padding:8px;background:#fff}canvas{display:block;margin-bottom:8px}</style></head>
<body><canvas id="chart" width="600" height="300"></canvas><canvas id="doc" width="816" height="1056"></canvas>
<script>
  window.draws = [];
  const code = (ctx, n) => { ctx.fillStyle = "rgb(" + (32 * (n % 8) + 16) + "," + (32 * (Math.floor(n / 8) % 8) + 16) + "," + (32 * (Math.floor(n / 64) % 8) + 16) + ")"; ctx.fillRect(0, 0, 16, 16); };
  const chart = document.getElementById("chart").getContext("2d");
  const doc = document.getElementById("doc").getContext("2d");
  window.drawChart = (n) => {
    chart.fillStyle = "#f8fafc"; chart.fillRect(0, 0, 600, 300);
    chart.strokeStyle = "#cbd5e1"; for (let y = 40; y < 300; y += 40) { chart.beginPath(); chart.moveTo(30, y); chart.lineTo(590, y); chart.stroke(); }
    for (let i = 0; i < 12; i++) { const h = 40 + ((n * 37 + i * 53) % 220); chart.fillStyle = ["#2563eb", "#16a34a", "#dc2626"][i % 3]; chart.fillRect(40 + i * 45, 290 - h, 30, h); }
    chart.fillStyle = "#111"; chart.font = "14px sans-serif"; chart.fillText("Revenue, update " + n, 420, 24);
    code(chart, n); window.draws.push({ canvas: "chart", n, at: Date.now() });
  };
  window.drawDoc = (n) => {
    doc.fillStyle = "#fff"; doc.fillRect(0, 0, 816, 1056); doc.fillStyle = "#222"; doc.font = "13px serif";
    let seed = n * 7919 + 1;
    const word = () => { seed = (seed * 48271) % 2147483647; return WORDS[seed % WORDS.length]; };
    for (let line = 0; line < 60; line++) doc.fillText(Array.from({ length: 14 }, word).join(" "), 60, 60 + line * 16);
    code(doc, n); window.draws.push({ canvas: "doc", n, at: Date.now() });
  };
  const WORDS = "the of and a to in is you that it he was for on are as with his they I at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part".split(" ");
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  window.scenarios = {
    async updates() { for (let n = 0; n < 30; n++) { window.drawChart(n); await wait(300 + Math.random() * 400); } },
    async animations() { for (let burst = 0; burst < 10; burst++) { for (let f = 0; f < 30; f++) { window.drawChart(30 + burst * 30 + f); await wait(16); } await wait(1200); } },
    async pages() { for (let n = 0; n < 12; n++) { window.drawDoc(n); await wait(800); } },
  };
</script></body></html>`;

/** Runs in the agent's page: on every frame, each mirrored canvas's image, decoded to its drawing's number, and when it first showed. */
function watchMirror() {
  const seen: Record<string, Record<number, number>> = { chart: {}, doc: {} };
  (window as unknown as { mirrorSeen: typeof seen }).mirrorSeen = seen;
  const last: Record<string, string> = {};
  const reader = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  const look = () => {
    const doc = document.querySelector<HTMLIFrameElement>("[data-testid=replay-root] iframe")?.contentDocument;
    for (const id of ["chart", "doc"]) {
      const image = doc?.getElementById(id)?.style.backgroundImage ?? "";
      if (!image || image === last[id]) continue;
      last[id] = image;
      const at = Date.now();
      const img = new Image();
      img.src = image.slice(5, -2);
      void img.decode().then(() => {
        reader.clearRect(0, 0, 16, 16);
        reader.drawImage(img, 0, 0);
        const [r, g, b] = reader.getImageData(8, 8, 1, 1).data;
        const n = Math.round((r - 16) / 32) + 8 * Math.round((g - 16) / 32) + 64 * Math.round((b - 16) / 32);
        seen[id][n] ??= at;
      });
    }
    requestAnimationFrame(look);
  };
  look();
}

/** The recorder with the canvas capture of `ref`, bundled in memory. */
async function recorderAt(ref: string): Promise<Uint8Array> {
  const source = execFileSync("git", ["-C", values.git!, "show", `${ref}:${CAPTURE}`], { encoding: "utf8" });
  const recorder = VISITOR_BUNDLES.find((bundle) => bundle.output === "public/cobrowse-recorder.js")!;
  const swap = {
    name: "canvas-capture-at-ref",
    setup(builder: { onLoad: (filter: { filter: RegExp }, load: (args: { path: string }) => unknown) => void }) {
      builder.onLoad({ filter: /lib[\\/]visitor[\\/]canvas-capture\.ts$/ }, (args) => ({
        contents: source,
        loader: "ts",
        resolveDir: path.dirname(args.path),
      }));
    },
  };
  return (await bundleScript(recorder, [swap as never])).code;
}

type Scenario = "updates" | "animations" | "pages";
const SCENARIOS: Scenario[] = ["updates", "animations", "pages"];

async function run(browser: Browser, bench: BenchServer, siteUrl: string, recorder: Uint8Array) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 1 });
  await context.route("**/cobrowse-recorder.js", (route) => route.fulfill({ body: Buffer.from(recorder), contentType: "text/javascript" }));
  const visitor = await context.newPage();
  let sentBytes = 0;
  /** When each batch carrying a canvas image left the visitor's page. */
  const imagesSent: number[] = [];
  visitor.on("request", (request) => {
    if (!request.url().includes("/collect/live/events")) return;
    const body = request.postDataBuffer();
    sentBytes += body?.length ?? 0;
    if (body?.includes('"tag":"tandem-canvas"')) imagesSent.push(Date.now());
  });
  const { agent, agentContext } = await watchVisitorPage(browser, bench, visitor, siteUrl, "#doc");
  await agent.evaluate(watchMirror);
  await sleep(1500);
  const results: Record<string, { latencies: number[]; leaving: number[]; missed: number; bytesPerSecond: number }> = {};
  for (const scenario of SCENARIOS) {
    const bytesBefore = sentBytes;
    const started = Date.now();
    const drawnFrom = await visitor.evaluate(() => (window as unknown as { draws: unknown[] }).draws.length);
    await visitor.evaluate((name) => (window as unknown as { scenarios: Record<string, () => Promise<void>> }).scenarios[name](), scenario);
    await sleep(2000);
    const seconds = (Date.now() - started) / 1000;
    const draws = (await visitor.evaluate(() => (window as unknown as { draws: { canvas: string; n: number; at: number }[] }).draws)).slice(drawnFrom);
    const seen = await agent.evaluate(() => (window as unknown as { mirrorSeen: Record<string, Record<number, number>> }).mirrorSeen);
    // An animation's frames are superseded as they come: only each burst's last frame must show.
    const counted = scenario === "animations" ? draws.filter((draw) => (draw.n - 30) % 30 === 29) : draws;
    const latencies = counted.flatMap((draw) => (seen[draw.canvas][draw.n] === undefined ? [] : [seen[draw.canvas][draw.n] - draw.at]));
    // Of which on the visitor's page: until the first batch with an image leaves after the drawing.
    const leaving = counted.flatMap((draw) =>
      imagesSent
        .filter((at) => at >= draw.at)
        .slice(0, 1)
        .map((at) => at - draw.at),
    );
    results[scenario] = { latencies, leaving, missed: counted.length - latencies.length, bytesPerSecond: (sentBytes - bytesBefore) / seconds };
  }
  await agentContext.close();
  await context.close();
  return results;
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
console.log(`load average at start: ${load()} (${os.cpus().length} cores)`);
const variants: Array<[string, Uint8Array]> = [
  [`canvas capture at ${values.ref}`, await recorderAt(values.ref!)],
  ["this tree's canvas capture", (await bundleScript(VISITOR_BUNDLES.find((bundle) => bundle.output === "public/cobrowse-recorder.js")!)).code],
];
const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-canvas-bench-"));
fs.writeFileSync(path.join(pagesDir, "canvas.html"), PAGE);
const bench = await startBenchServer();
await bench.api("PATCH", "/service-admin/team", { require_authorization: false, canvas_capture_enabled: true });
const site = await startCustomerSite(bench.server.url, bench.publicKey, pagesDir);
const browser = await launchBenchBrowser();
try {
  for (const [name, recorder] of variants) {
    const results = await run(browser, bench, site.url("canvas.html"), recorder);
    for (const scenario of SCENARIOS) {
      const { latencies, leaving, missed, bytesPerSecond } = results[scenario];
      const figures = summary(latencies);
      const visitorSide = summary(leaving);
      console.log(
        `${name}, ${scenario}: draw → mirror p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms over ${figures.n} drawings ` +
          `(${missed} never shown); ${(bytesPerSecond / 1024).toFixed(0)} kB/s sent; draw → its batch leaves p50 ${visitorSide.p50} ms, p95 ${visitorSide.p95} ms`,
      );
    }
  }
  console.log(`load average at end: ${load()}`);
} finally {
  await browser.close();
  await site.close();
  await bench.stop();
  fs.rmSync(pagesDir, { recursive: true, force: true });
}
process.exit(0);
