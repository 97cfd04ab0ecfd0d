/**
 * `npm run test:e2e`: builds the app as in production, then runs the Playwright specs against real
 * Tandem servers (`npm start`'s script, see e2e/global-setup.ts) in Debian's chromium.
 *
 * The whole suite runs as E2E_SHARDS (default 2) Playwright processes at once, each with its own
 * servers and output folder: most of a spec's time is spent waiting on a browser or a server, so two
 * runs share two cores well. Given spec files or options, one process runs them as asked.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildVisitorScript } from "./build-visitor-script";
import { specShards } from "./e2e-shards";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`No chromium at ${chromium}: install it with \`sudo apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

// In CI a failed test runs once more: one that then passes is reported as flaky, not hidden.
const retries = process.env.CI ? ["--retries=1"] : [];

/** One Playwright process over some spec files, its lines prefixed with its shard's name. */
function runShard(index: number, count: number, files: string[]): Promise<number> {
  const name = `e2e ${index}/${count}`;
  const child = spawn(bin("playwright"), ["test", ...retries, ...files], {
    env: { ...env, PLAYWRIGHT_OUTPUT_DIR: `test-results/shard-${index}`, PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/shard-${index}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (stream: NodeJS.WritableStream) => {
    let rest = "";
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop()!;
      for (const line of lines) stream.write(`[${name}] ${line}\n`);
    };
  };
  child.stdout.on("data", prefix(process.stdout));
  child.stderr.on("data", prefix(process.stderr));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

await buildVisitorScript();
if (run(bin("next"), ["build"]) !== 0) process.exit(1);

const args = process.argv.slice(2);
const shardCount = Number(process.env.E2E_SHARDS || 2);
if (args.length > 0 || shardCount <= 1) process.exit(run(bin("playwright"), ["test", ...args]));

const shards = specShards(shardCount);
const codes = await Promise.all(shards.map((files, index) => runShard(index + 1, shards.length, files)));
const failed = codes.flatMap((code, index) => (code === 0 ? [] : [`e2e ${index + 1}/${shards.length}`]));
if (failed.length > 0) console.error(`Failed: ${failed.join(", ")} (each shard's summary is above, its traces under test-results/).`);
process.exit(failed.length > 0 ? 1 : 0);
