/**
 * The first start as a new user has it: a fresh clone of the committed tree, its dependencies, then
 * `npm start` (build, database, demo data, server) until the sign-in page is served.
 *
 *   npx tsx bench/first-start.ts            # node_modules hard-linked from this checkout
 *   npx tsx bench/first-start.ts --install  # `npm ci` from the registry (or npm's cache), timed apart
 *   npx tsx bench/first-start.ts --ref REV  # another commit, e.g. the one before a change
 *
 * The target counts from the end of the install: clone → first page ≤ 3 minutes on an idle 2-core machine.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../lib/testing/free-port";

const TARGET_S = 180;
const install = process.argv.includes("--install");
const refAt = process.argv.indexOf("--ref");
const ref = refAt > 0 ? process.argv[refAt + 1] : "HEAD";
const root = process.cwd();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-first-start-"));
const clone = path.join(work, "tandem");
const seconds = (from: number) => (performance.now() - from) / 1000;
const phases: Array<[string, number]> = [];

console.log(
  `load average at start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")} (${os.cpus().length} cores)`,
);
let started = performance.now();
execFileSync("git", ["clone", "--quiet", "--no-hardlinks", root, clone]);
execFileSync("git", ["-C", clone, "checkout", "--quiet", execFileSync("git", ["rev-parse", ref], { encoding: "utf8" }).trim()]);
const cloned = seconds(started);

started = performance.now();
if (install) execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: clone, stdio: "ignore" });
else execFileSync("cp", ["-al", path.join(root, "node_modules"), clone]);
const installed = seconds(started);

const port = await freePort();
const start = performance.now();
const server = spawn("npm", ["start"], {
  cwd: clone,
  detached: true,
  env: { ...process.env, PORT: String(port), PROXY_PORT: String(await freePort()), DATA_DIR: path.join(work, "data"), NEXT_TELEMETRY_DISABLED: "1" },
  stdio: ["ignore", "pipe", "pipe"],
});
// Each milestone of the start, by the first line that announces it.
const milestones: Array<[string, RegExp]> = [
  ["visitor script built, next build begins", /Next\.js \d/],
  ["next build compiled", /Compiled successfully/],
  ["build done, server starting", /Generating static pages .*\(\d+\/\d+\)|Finalizing page optimization|Collecting build traces/],
  ["server ready (demo data seeded)", /Tandem is running/],
];
let output = "";
const onOutput = (chunk: Buffer) => {
  output += chunk.toString();
  for (const [name, pattern] of milestones) if (!phases.some(([seen]) => seen === name) && pattern.test(output)) phases.push([name, seconds(start)]);
};
server.stdout.on("data", onOutput);
server.stderr.on("data", onOutput);

let firstPage = NaN;
while (server.exitCode === null && seconds(start) < 1200) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/login`);
    if (response.ok && (await response.text()).includes("<html")) {
      firstPage = seconds(start);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
if (server.exitCode === null) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid!, "SIGTERM");
  await exited;
}
fs.rmSync(work, { recursive: true, force: true });
if (Number.isNaN(firstPage)) {
  console.error(output.slice(-4000));
  throw new Error("npm start served no page");
}

const total = cloned + firstPage;
console.log(`\n| step | seconds |\n|---|---|`);
console.log(`| git clone | ${cloned.toFixed(1)} |`);
console.log(`| ${install ? "npm ci" : "node_modules (hard links, not timed as an install)"} | ${installed.toFixed(1)} |`);
for (const [name, at] of phases) console.log(`| npm start: ${name} | ${at.toFixed(1)} |`);
console.log(`| npm start: first page served | ${firstPage.toFixed(1)} |`);
console.log(`| **clone → first page, the install aside** | **${total.toFixed(1)}** (target ≤ ${TARGET_S}: ${total <= TARGET_S ? "met" : "missed"}) |`);
