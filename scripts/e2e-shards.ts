import { spawnSync } from "node:child_process";
import path from "node:path";

/** Deals files out in turn, so that each shard gets a share of every folder (specs of a kind take alike). */
export function dealFiles(files: string[], count: number): string[][] {
  const shards: string[][] = Array.from({ length: Math.min(count, files.length) }, () => []);
  [...files].sort().forEach((file, index) => shards[index % shards.length].push(file));
  return shards;
}

/** The spec files Playwright's configuration runs here (its ignores applied), dealt into `count` shards. */
export function specShards(count: number): string[][] {
  const listing = spawnSync(path.join("node_modules", ".bin", "playwright"), ["test", "--list", "--reporter=json"], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (listing.status !== 0) throw new Error(`playwright test --list failed:\n${listing.stderr}`);
  const report = JSON.parse(listing.stdout) as { config: { rootDir: string }; suites: { file: string }[] };
  return dealFiles(
    report.suites.map((suite) => path.join(path.relative(process.cwd(), report.config.rootDir), suite.file)),
    count,
  );
}
