import { spawnSync } from "node:child_process";
import path from "node:path";

export interface SpecFile {
  file: string;
  tests: number;
}

/**
 * Shares spec files out so that each shard runs about as many tests (a test takes about as long as
 * another, on average): the largest files first, each to the shard with the fewest tests so far.
 */
export function dealFiles(files: SpecFile[], count: number): string[][] {
  const shards = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [] as string[], tests: 0 }));
  const largestFirst = [...files].sort((a, b) => b.tests - a.tests || a.file.localeCompare(b.file));
  for (const spec of largestFirst) {
    const lightest = shards.reduce((least, shard) => (shard.tests < least.tests ? shard : least));
    lightest.files.push(spec.file);
    lightest.tests += spec.tests;
  }
  return shards.map((shard) => shard.files.sort());
}

interface ListedSuite {
  file: string;
  specs?: unknown[];
  suites?: ListedSuite[];
}

const testsIn = (suite: ListedSuite): number => (suite.specs?.length ?? 0) + (suite.suites ?? []).reduce((sum, inner) => sum + testsIn(inner), 0);

/** The spec files Playwright's configuration runs here (its ignores applied), dealt into `count` shards. */
export function specShards(count: number): string[][] {
  const listing = spawnSync(path.join("node_modules", ".bin", "playwright"), ["test", "--list", "--reporter=json"], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (listing.status !== 0) throw new Error(`playwright test --list failed:\n${listing.stderr}`);
  const report = JSON.parse(listing.stdout) as { config: { rootDir: string }; suites: ListedSuite[] };
  const root = path.relative(process.cwd(), report.config.rootDir);
  return dealFiles(
    report.suites.map((suite) => ({ file: path.join(root, suite.file), tests: testsIn(suite) })),
    count,
  );
}
