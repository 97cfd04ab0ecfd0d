/**
 * `npm run test:e2e`: builds the app as in production, then runs the Playwright specs against real
 * Tandem servers (`npm start`'s script, see e2e/global-setup.ts) in Debian's chromium.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildVisitorScript } from "./build-visitor-script";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`No chromium at ${chromium}: install it with \`sudo apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status ?? 1;

await buildVisitorScript();
if (run(bin("next"), ["build"]) !== 0) process.exit(1);
process.exit(run(bin("playwright"), ["test", ...process.argv.slice(2)]));
