import fs from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "public", "types", "proxy.ts", "next.config.mjs", "postcss.config.mjs", "package.json", "tsconfig.json"];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when there is no production build, or a source file changed after it was made. */
export function buildIsStale(root = process.cwd()): boolean {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((entry) => newestMtime(path.join(root, entry)) > builtAt);
}
