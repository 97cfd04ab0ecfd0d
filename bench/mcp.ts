/**
 * The AI agents' MCP server, through the real server (`npm start`'s, on the production build), with the
 * SDK's own client:
 *   1. read_page on a 2,000-node page: the server's own time (the tree rebuilt and written, in process)
 *      and the whole MCP call over HTTP;
 *   2. click → the change visible to the next read_page;
 *   3. live co-browsing's p95 (a person's sessions: batch POSTed → read on the watch page's stream), first
 *      alone, then with `--ai` AI sessions at once, each reading and clicking without pause.
 *
 *   npx tsx --conditions=react-server bench/mcp.ts [--reads 300] [--clicks 100] [--ai 50] [--people 50] [--seconds 15] [--pause 0]
 *
 * `--pause`: ms each AI agent waits between its rounds of read_page + click (a model's thinking); 0 is a
 * tight loop, far more calls than agents make.
 *
 * The visitors are simulated pages (registered, holding their stream, sending rrweb batches); one answers a
 * click with the change a page would record. The load generator shares the machine with the server.
 */
import { parseArgs } from "node:util";
import { PageTree } from "../lib/service/mcp/page-tree";
import { readPage } from "../lib/service/mcp/page-text";
import { openWatchLinkForViewer, readSse, sleep, startBenchServer, summary, watchLink } from "./live-support";
import { aiSession, bigPage, call, prepareForAi, simulatedVisitor, type Visitor } from "./mcp-support";

const { values } = parseArgs({
  options: {
    reads: { type: "string", default: "300" },
    clicks: { type: "string", default: "100" },
    ai: { type: "string", default: "50" },
    people: { type: "string", default: "50" },
    seconds: { type: "string", default: "15" },
    pause: { type: "string", default: "0" },
  },
});

const fmt = (figures: ReturnType<typeof summary>) => `${figures.n} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.max.toFixed(0)}`;

// 0. The server's own time for read_page on a 2,000-node page, measured in this process.
{
  const tree = new PageTree();
  tree.apply(bigPage(2000, 0));
  const times: number[] = [];
  for (let i = 0; i < Number(values.reads); i++) {
    tree.version++; // as after a change: the tree is written again, not taken from the last read
    const t0 = performance.now();
    await readPage(tree);
    times.push(performance.now() - t0);
  }
  console.log(`A page of ${tree.size} nodes.\n\n| measure | n | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
  console.log(`| read_page, server's work (tree → text) | ${fmt(summary(times))} |`);
}

const bench = await startBenchServer();
const key = await prepareForAi(bench);
const cleanups: (() => void)[] = [];
try {
  // 1 and 2: one AI session on a 2,000-node page.
  const one = await aiSession(bench, key, (counter) => bigPage(2000, counter));
  cleanups.push(() => one.visitor.abort.abort());
  const reads: number[] = [];
  for (let i = 0; i < Number(values.reads); i++) {
    const t0 = performance.now();
    const page = await call(one.client, "read_page", { session_id: one.sessionId, max_chars: 100_000 });
    reads.push(performance.now() - t0);
    if (i === 0 && !(page.structuredContent?.tree as string).includes("Product 100")) throw new Error("the page was not read whole");
  }
  console.log(`| read_page over MCP (HTTP round trip, whole tree) | ${fmt(summary(reads))} |`);
  const clicks: number[] = [];
  for (let i = 0; i < Number(values.clicks); i++) {
    const t0 = performance.now();
    await call(one.client, "click", { session_id: one.sessionId, ref: 5 });
    const page = await call(one.client, "read_page", { session_id: one.sessionId, max_chars: 2000 });
    clicks.push(performance.now() - t0);
    if (!(page.structuredContent?.tree as string).includes(`Cart: ${one.visitor.counter}`)) throw new Error(`click ${i}: the change was not in the next read`);
  }
  console.log(`| click → change in the next read_page | ${fmt(summary(clicks))} |`);
  await call(one.client, "end_session", { session_id: one.sessionId });

  // 3. People's live sessions: p95 alone, then with AI sessions at once.
  const seconds = Number(values.seconds);
  const latencies: number[] = [];
  let measuring = false;
  const people: { visitor: Visitor; sessionId: string }[] = [];
  for (let i = 0; i < Number(values.people); i++) {
    const visitor = await simulatedVisitor(bench, (counter) => bigPage(50, counter));
    cleanups.push(() => visitor.abort.abort());
    const { sessionId, token } = await openWatchLinkForViewer(await watchLink(bench, visitor.visitorId));
    void readSse(
      `${bench.server.url}/live/sessions/${sessionId}/stream`,
      { authorization: `Bearer ${token}` },
      (message, receivedAt) => {
        if (!measuring || message.type !== "events") return;
        for (const event of message.events as Array<{ data?: { sentAt?: number } }>) if (event.data?.sentAt) latencies.push(receivedAt - event.data.sentAt);
      },
      visitor.abort.signal,
    );
    people.push({ visitor, sessionId });
  }
  await sleep(2000);
  const drivePeople = async () => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      people.map(async ({ visitor }, index) => {
        await sleep((250 * index) / people.length);
        while (Date.now() < until) {
          const sentAt = performance.timeOrigin + performance.now();
          await visitor.send([{ type: 3, timestamp: Date.now(), data: { source: 5, id: 20, text: "typing…", isChecked: false, sentAt } }]);
          await sleep(Math.max(0, 250 - (performance.timeOrigin + performance.now() - sentAt)));
        }
      }),
    );
  };
  const measure = async (label: string, during?: () => Promise<void>) => {
    latencies.length = 0;
    measuring = true;
    await Promise.all([drivePeople(), during?.()]);
    measuring = false;
    console.log(`| live co-browsing (${people.length} people's sessions, batch → watch page) ${label} | ${fmt(summary(latencies))} |`);
  };
  await measure("alone");

  const ai = await Promise.all(Array.from({ length: Number(values.ai) }, () => aiSession(bench, key, (counter) => bigPage(2000, counter))));
  for (const session of ai) cleanups.push(() => session.visitor.abort.abort());
  const aiCalls: number[] = [];
  await measure(`with ${ai.length} AI sessions at once (2,000-node pages, read_page + click in a loop, ${values.pause} ms apart)`, async () => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      ai.map(async (session) => {
        while (Date.now() < until) {
          const t0 = performance.now();
          await call(session.client, "read_page", { session_id: session.sessionId });
          await call(session.client, "click", { session_id: session.sessionId, ref: 5 });
          aiCalls.push(performance.now() - t0);
          await sleep(Number(values.pause));
        }
      }),
    );
  });
  console.log(`| AI agents' read_page + click, ${ai.length} at once | ${fmt(summary(aiCalls))} |`);
  for (const session of ai) await call(session.client, "end_session", { session_id: session.sessionId }).catch(() => undefined);
} finally {
  for (const cleanup of cleanups) cleanup();
  await bench.stop();
}
process.exit(0);
