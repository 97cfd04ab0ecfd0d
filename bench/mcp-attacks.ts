/**
 * How long a hostile visitor in an AI agent's session can stall an app node: the server's `/healthz`,
 * asked again and again while the attack runs, measured by its slowest answer. The attacks:
 *   1. one batch of node additions listed newest first (each naming as next sibling one that comes later),
 *      first in a person's session (what the relay itself costs, no AI agent following), then in an AI agent's;
 *   2. a page whose buttons are all named (aria-labelledby) by one large element, then the AI's read_page;
 *   3. a chain of nested additions, then the AI's read_page.
 * With `--before <checkout>` (another checkout with its own production build, e.g. main before the
 * change) each attack runs against that server too, in the same run, one server at a time.
 *
 *   npx tsx --conditions=react-server bench/mcp-attacks.ts [--before /path/to/checkout] [--adds 20000] [--buttons 1000] [--words 10000] [--depth 20000]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openWatchLinkForViewer, readSse, sleep, startBenchServer, watchLink, type BenchServer } from "./live-support";
import { element, mutationEvent, textNode } from "../lib/service/mcp/test-nodes";
import { aiSession, call, pageOf, prepareForAi, simulatedVisitor } from "./mcp-support";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    adds: { type: "string", default: "20000" },
    buttons: { type: "string", default: "1000" },
    words: { type: "string", default: "10000" },
    depth: { type: "string", default: "20000" },
  },
});

const el = element;
const text = textNode;
const mutation = (adds: unknown[]) => [mutationEvent({ adds })];

/** The node's answers to /healthz, one after another, until `done`: the slowest, and how many. */
async function healthDuring(url: string, attack: () => Promise<unknown>): Promise<{ worst: number; n: number; outcome: string }> {
  let done = false;
  let worst = 0;
  let n = 0;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${url}/healthz`).then((response) => response.arrayBuffer());
      worst = Math.max(worst, performance.now() - t0);
      n++;
      await sleep(5);
    }
  })();
  await sleep(200);
  const outcome = await attack().then(
    (result) => String(result),
    (error: Error) => `failed: ${error.message.slice(0, 80)}`,
  );
  await sleep(300); // what the attack left running on the node counts too
  done = true;
  await probe;
  return { worst, n, outcome };
}

/** The simulated visitor's batch of additions listed newest first, and the AI agent's read after it (when one watches). */
async function additionsAttack(bench: BenchServer, key: string, ai: boolean) {
  const count = Number(values.adds);
  const page = () => pageOf([el(20, "ul")]);
  const session = ai ? await aiSession(bench, key, page) : { ...(await personSession(bench, page)), client: null, sessionId: "" };
  // Each names as its next sibling one that comes later in the list.
  const adds = Array.from({ length: count }, (_, index) => ({
    parentId: 20,
    nextId: index === count - 1 ? null : 1_000 + index + 1,
    node: el(1_000 + index, "li", {}, [text(1_000_000 + index, `item ${index}`)]),
  }));
  const batch = mutation(adds);
  const result = await healthDuring(bench.server.url, async () => {
    const status = await session.visitor.send(batch);
    const read = session.client ? await call(session.client, "read_page", { session_id: session.sessionId, max_chars: 1000 }) : null;
    return `batch ${status} (${(JSON.stringify(batch).length / 1e6).toFixed(1)} MB)${read ? `, read ${read.isError ? "refused" : "ok"}` : ""}`;
  });
  session.visitor.abort.abort();
  return result;
}

/** A person's session with a simulated visitor: the watch page's link opened, the page sent. */
async function personSession(bench: BenchServer, page: () => ReturnType<typeof pageOf>) {
  const visitor = await simulatedVisitor(bench, page);
  const { sessionId, token } = await openWatchLinkForViewer(await watchLink(bench, visitor.visitorId));
  // The watch page's stream: its opening asks the visitor's page for the page.
  void readSse(`${bench.server.url}/live/sessions/${sessionId}/stream`, { authorization: `Bearer ${token}` }, () => {}, visitor.abort.signal);
  for (let waited = 0; !visitor.sessionId; waited += 50) {
    if (waited > 30_000) throw new Error("the person's session did not start");
    await sleep(50);
  }
  await sleep(500);
  return { visitor };
}

const attacks: { name: string; run: (bench: BenchServer, key: string) => Promise<{ worst: number; n: number; outcome: string }> }[] = [
  {
    name: `one batch of ${Number(values.adds).toLocaleString("en")} additions listed newest first, a person's session (no AI agent: the relay's own cost)`,
    run: (bench, key) => additionsAttack(bench, key, false),
  },
  {
    name: `the same batch in an AI agent's session, then read_page`,
    run: (bench, key) => additionsAttack(bench, key, true),
  },
  {
    name: `${Number(values.buttons).toLocaleString("en")} buttons named by one ${Number(values.words).toLocaleString("en")}-word element, then read_page`,
    run: async (bench, key) => {
      const url = bench.server.url;
      const words = Array.from({ length: Number(values.words) }, (_, index) => el(10_000 + index, "span", {}, [text(500_000 + index, `word${index} `)]));
      const buttons = Array.from({ length: Number(values.buttons) }, (_, index) => el(200_000 + index, "button", { "aria-labelledby": "big" }));
      const session = await aiSession(bench, key, () => pageOf([el(20, "div", { id: "big" }, words), ...buttons]));
      const result = await healthDuring(url, async () => {
        const read = await call(session.client, "read_page", { session_id: session.sessionId, max_chars: 1000 }, 600_000);
        return read.isError ? `read refused: ${read.content?.[0]?.text?.slice(0, 60)}` : "read ok";
      });
      session.visitor.abort.abort();
      return result;
    },
  },
  {
    name: `a chain of ${Number(values.depth).toLocaleString("en")} nested additions, then read_page`,
    run: async (bench, key) => {
      const url = bench.server.url;
      const session = await aiSession(bench, key, () => pageOf([el(20, "div")]));
      const adds = Array.from({ length: Number(values.depth) }, (_, index) => ({
        parentId: index === 0 ? 20 : 30_000 + index - 1,
        nextId: null,
        node: el(30_000 + index, "div"),
      }));
      const result = await healthDuring(url, async () => {
        const status = await session.visitor.send(mutation(adds));
        const read = await call(session.client, "read_page", { session_id: session.sessionId, max_chars: 1000 }, 600_000);
        return `batch ${status}, read ${read.isError ? `refused: ${read.content?.[0]?.text?.slice(0, 60)}` : "ok"}`;
      });
      session.visitor.abort.abort();
      return result;
    },
  },
];

const checkouts = [...(values.before ? [{ label: "before", cwd: path.resolve(values.before) }] : []), { label: "after", cwd: process.cwd() }];
const rows: string[] = [];
for (const checkout of checkouts) {
  const bench = await startBenchServer(checkout.cwd);
  try {
    const key = await prepareForAi(bench);
    const idle = await healthDuring(bench.server.url, () => sleep(1000).then(() => "idle"));
    rows.push(`| ${checkout.label} | the node idle (baseline) | ${idle.n} | ${idle.worst.toFixed(0)} | ${idle.outcome} |`);
    for (const attack of attacks) {
      const measured = await attack.run(bench, key);
      rows.push(`| ${checkout.label} | ${attack.name} | ${measured.n} | ${measured.worst.toFixed(0)} | ${measured.outcome} |`);
      console.log(rows.at(-1));
    }
  } finally {
    await bench.stop();
  }
}
if (rows.length === 0) throw new Error("nothing was measured");
console.log("\n| code | attack | /healthz answers | slowest /healthz ms | what the attack got |\n|---|---|---|---|---|");
console.log(rows.join("\n"));
process.exit(0);
