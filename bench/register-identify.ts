/**
 * The writes a visitor's arrival makes: `POST /collect/register` (a new visitor on a product page), then
 * `POST /collect/identify` (name, email, user id: long-tail names, so most words are new to the team),
 * with `--connections` clients each starting the next visitor as soon as its last one is identified, on
 * a team that already has `--visitors` visitors (bench/fill-visitors.ts). Prints visitors a second and
 * each call's p50/p95/p99, per round.
 *
 *   npx tsx --conditions=react-server bench/register-identify.ts [--visitors 100000]        PGlite
 *   scripts/with-postgres.sh npx tsx --conditions=react-server bench/register-identify.ts
 *
 * Options: --seconds per round (15), --rounds (3), --connections (8), --rename (each visitor then identifies
 * again as another person: the words it held leave the dictionary unless another visitor holds them).
 * Needs a production build.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, eq } from "drizzle-orm";
import { serverDatabase } from "../e2e/support/postgres";
import { NO_RATE_LIMITS, startServer } from "../e2e/support/server";
import { openDatabase } from "../lib/db/connection";
import { visitors } from "../lib/service/core/schema";
import { ensureDefaultTeam } from "../lib/service/teams/team";
import { filledVisitor, fillVisitors } from "./fill-visitors";
import { percentile } from "./measure";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "100000" },
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "8" },
    rename: { type: "boolean", default: false },
  },
});
const visitorCount = Number(values.visitors);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-"));

const postgres = await serverDatabase(dataDir);
const database = await openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "pglite", dir: path.join(dataDir, "pglite") });
const team = await ensureDefaultTeam(database.db);
const [{ n }] = await database.db.select({ n: count() }).from(visitors).where(eq(visitors.teamId, team.id));
if (Number(n) < visitorCount) await fillVisitors(database.db, team.id, visitorCount);
await database.close();

const server = await startServer({ dataDir, env: { TANDEM_DEMO_SEED: "0", ...NO_RATE_LIMITS } });
let next = 0;

async function post(pathname: string, headers: Record<string, string>, body: unknown, into: number[]): Promise<unknown> {
  const started = performance.now();
  const response = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  into.push(performance.now() - started);
  return json;
}

async function round(seconds: number) {
  const registers: number[] = [];
  const identifies: number[] = [];
  const renames: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: Number(values.connections) }, async () => {
      while (performance.now() < until) {
        const k = 60_000_000 + next++;
        const visitor = filledVisitor(k);
        try {
          const { visitorId, token } = (await post(
            "/collect/register",
            {},
            { publicKey: team.publicKey, url: `https://shop.example.com/products/k${k % 3000}`, title: "Trail Runner | Shop" },
            registers,
          )) as { visitorId: string; token: string };
          await post(
            "/collect/identify",
            { "x-visitor-id": visitorId, "x-visitor-token": token },
            { callName: `${visitor.first} ${visitor.last}`, identities: [`${visitor.first} ${visitor.last}`, visitor.email], uniqueId: `user-${k}` },
            identifies,
          );
          if (values.rename) {
            const other = filledVisitor(k + 1_000_000_000);
            const name = `${other.first} ${other.last}`;
            await post(
              "/collect/identify",
              { "x-visitor-id": visitorId, "x-visitor-token": token },
              { callName: name, identities: [name, other.email], uniqueId: `user-${k}` },
              renames,
            );
          }
        } catch {
          failed++;
        }
      }
    }),
  );
  const stats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`;
  };
  return `| ${(identifies.length / seconds).toFixed(0)} | ${stats(registers)} | ${stats(identifies)} |${values.rename ? ` ${stats(renames)} |` : ""} ${failed} |`;
}

try {
  console.log(`${postgres ? "PostgreSQL" : "PGlite"}, ${visitorCount.toLocaleString("en")} visitors already, ${values.connections} clients`);
  const renameColumn = values.rename ? ["identify as another p50 / p95 / p99 ms"] : [];
  const columns = ["visitors registered and identified /s", "register p50 / p95 / p99 ms", "identify p50 / p95 / p99 ms", ...renameColumn, "failed"];
  console.log(`| ${columns.join(" | ")} |\n|${columns.map(() => "---|").join("")}`);
  await round(5); // warm-up
  for (let i = 0; i < Number(values.rounds); i++) console.log(await round(Number(values.seconds)));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
