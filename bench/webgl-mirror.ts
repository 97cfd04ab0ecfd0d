/**
 * What mirroring a WebGL canvas costs the visitor: the bytes a second the visitor's page sends, and the
 * main-thread time of the visitor's page (Chromium's TaskDuration), while a three.js scene turns in its
 * render loop for a while, with the team's canvas capture off (the baseline: the same session, the same
 * scene, nothing read) and on, in one run. Also how many distinct frames reached the agent's mirror.
 *
 *   npx tsx bench/webgl-mirror.ts [--seconds 10]
 *
 * Two scenes: 640 × 400 and 1280 × 720 (CSS pixels, at a device scale of 1), in real Chromium pages
 * against a real server. Needs a production build with the visitor script (`npm run build`), the
 * `three` package (a devDependency) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import { startCustomerSite } from "../e2e/fidelity/support/customer-site";
import { launchBenchBrowser, sleep, startBenchServer, watchVisitorPage, type BenchServer } from "./live-support";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" } } });
const SECONDS = Number(values.seconds);

const page = (width: number, height: number) => `<!doctype html><html><head><meta charset="utf-8">
<script type="importmap">{ "imports": { "three": "/node_modules/three/build/three.module.js" } }</script></head>
<body style="margin:0"><script type="module">
  import * as THREE from "three";
  const renderer = new THREE.WebGLRenderer();
  renderer.setSize(${width}, ${height});
  document.body.append(renderer.domElement);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x1e293b);
  const camera = new THREE.PerspectiveCamera(50, ${width} / ${height}, 0.1, 100);
  camera.position.z = 4;
  const cube = new THREE.Mesh(new THREE.BoxGeometry(1.6, 1.6, 1.6), new THREE.MeshNormalMaterial());
  scene.add(cube);
  window.drawnFrames = 0;
  renderer.setAnimationLoop((time) => { cube.rotation.set(0.5, time / 1000, 0); renderer.render(scene, camera); window.drawnFrames++; });
</script></body></html>`;

/** Runs in the agent's page: counts the distinct images the mirror's canvas shows. */
function countMirroredFrames() {
  const state = { images: 0, last: "" };
  (window as unknown as { mirrored: typeof state }).mirrored = state;
  const look = () => {
    const canvas = document.querySelector<HTMLIFrameElement>("[data-testid=replay-root] iframe")?.contentDocument?.querySelector("canvas");
    const image = canvas?.style.backgroundImage ?? "";
    if (image && image !== state.last) [state.last, state.images] = [image, state.images + 1];
    requestAnimationFrame(look);
  };
  look();
}

async function measure(browser: Browser, bench: BenchServer, url: string, capture: boolean) {
  await bench.api("PATCH", "/service-admin/team", { require_authorization: false, canvas_capture_enabled: capture });
  const context = await browser.newContext({ viewport: { width: 1300, height: 800 }, deviceScaleFactor: 1 });
  const visitor = await context.newPage();
  let sentBytes = 0;
  visitor.on("request", (request) => {
    if (request.url().includes("/collect/live/events")) sentBytes += request.postDataBuffer()?.length ?? 0;
  });
  const { agent, agentContext } = await watchVisitorPage(browser, bench, visitor, url, "canvas");
  await agent.evaluate(countMirroredFrames);
  await sleep(2000);

  const cdp = await context.newCDPSession(visitor);
  await cdp.send("Performance.enable");
  const taskSeconds = async () => (await cdp.send("Performance.getMetrics")).metrics.find((metric) => metric.name === "TaskDuration")!.value;
  const framesDrawn = () => visitor.evaluate(() => (window as unknown as { drawnFrames: number }).drawnFrames);
  const [bytesBefore, tasksBefore, drawnBefore, mirroredBefore] = [
    sentBytes,
    await taskSeconds(),
    await framesDrawn(),
    await agent.evaluate(() => (window as unknown as { mirrored: { images: number } }).mirrored.images),
  ];
  const started = Date.now();
  await sleep(SECONDS * 1000);
  const seconds = (Date.now() - started) / 1000;
  const result = {
    kBPerSecond: (sentBytes - bytesBefore) / 1024 / seconds,
    mainThreadMsPerSecond: (((await taskSeconds()) - tasksBefore) * 1000) / seconds,
    framesPerSecond: ((await framesDrawn()) - drawnBefore) / seconds,
    mirroredPerSecond: ((await agent.evaluate(() => (window as unknown as { mirrored: { images: number } }).mirrored.images)) - mirroredBefore) / seconds,
  };
  await agentContext.close();
  await context.close();
  return result;
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
console.log(`load average at start: ${load()} (${os.cpus().length} cores); ${SECONDS} s a measure`);
const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-webgl-bench-"));
const SCENES = [
  [640, 400],
  [1280, 720],
] as const;
for (const [width, height] of SCENES) fs.writeFileSync(path.join(pagesDir, `scene-${width}.html`), page(width, height));
const bench = await startBenchServer();
const site = await startCustomerSite(bench.server.url, bench.publicKey, pagesDir);
const browser = await launchBenchBrowser();
let measured = 0;
try {
  for (const [width, height] of SCENES) {
    for (const capture of [false, true]) {
      const figures = await measure(browser, bench, site.url(`scene-${width}.html`), capture);
      if (figures.framesPerSecond > 0) measured++;
      console.log(
        `${width} × ${height}, canvas capture ${capture ? "on " : "off"}: ${figures.kBPerSecond.toFixed(0)} kB/s sent; visitor's main thread ` +
          `${figures.mainThreadMsPerSecond.toFixed(0)} ms/s; scene ${figures.framesPerSecond.toFixed(0)} frames/s; mirror ${figures.mirroredPerSecond.toFixed(1)} images/s`,
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
if (measured === 0) {
  console.error("No frame was drawn: nothing was measured.");
  process.exit(1);
}
process.exit(0);
