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
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { PageTree } from "../lib/service/mcp/page-tree";
import { readPage } from "../lib/service/mcp/page-text";
import { openWatchLinkForViewer, readSse, sleep, startBenchServer, summary, watchLink, type BenchServer } from "./live-support";

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

/** A page of about `nodes` nodes: sections of a heading, a paragraph and a list of links and buttons. */
function bigPage(nodes: number, counter: number) {
  let id = 10;
  const t = (text: string) => ({ type: 3, id: id++, textContent: text });
  const el = (tagName: string, attributes: Record<string, string>, childNodes: object[]) => ({ type: 2, id: id++, tagName, attributes, childNodes });
  const sections: object[] = [];
  while (id < nodes) {
    const n = sections.length;
    sections.push(
      el("section", {}, [
        el("h3", {}, [t(`Product ${n}`)]),
        el("p", {}, [t(`A fine product, number ${n}, in stock.`)]),
        el("ul", {}, [
          el("li", {}, [el("a", { href: `/p/${n}` }, [t("Details")])]),
          el("li", {}, [el("button", { type: "button" }, [t("Add to cart")])]),
          el("li", {}, [el("input", { name: `qty-${n}`, value: "1" }, [])]),
        ]),
      ]),
    );
  }
  const status = { type: 2, id: 3, tagName: "p", attributes: { role: "status" }, childNodes: [{ type: 3, id: 4, textContent: `Cart: ${counter}` }] };
  const button = { type: 2, id: 5, tagName: "button", attributes: {}, childNodes: [{ type: 3, id: 6, textContent: "Add one" }] };
  const html = {
    type: 2,
    id: 2,
    tagName: "html",
    attributes: {},
    childNodes: [{ type: 2, id: 7, tagName: "body", attributes: {}, childNodes: [status, button, ...sections] }],
  };
  return [
    { type: 4, timestamp: Date.now(), data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
    { type: 2, timestamp: Date.now(), data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { top: 0, left: 0 } } },
  ];
}

interface Visitor {
  visitorId: string;
  headers: Record<string, string>;
  seq: number;
  counter: number;
  abort: AbortController;
}

async function post(bench: BenchServer, path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(bench.server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
}

/** A visitor's page: sends the page when a session asks for it, and a click on node 5 adds one to the cart. */
async function simulatedVisitor(bench: BenchServer, nodes: number): Promise<Visitor> {
  const registered = (await (
    await fetch(`${bench.server.url}/collect/register`, {
      method: "POST",
      body: JSON.stringify({ publicKey: bench.publicKey, url: "https://shop.example.com/" }),
    })
  ).json()) as { visitorId: string; token: string };
  const visitor: Visitor = {
    visitorId: registered.visitorId,
    headers: { "x-visitor-id": registered.visitorId, "x-visitor-token": registered.token },
    seq: 0,
    counter: 0,
    abort: new AbortController(),
  };
  const send = (sessionId: string, events: unknown[]) => post(bench, "/collect/live/events", visitor.headers, { sessionId, seq: ++visitor.seq, events });
  void readSse(
    `${bench.server.url}/collect/live/stream`,
    visitor.headers,
    (message) => {
      const sessionId = message.sessionId as string;
      if ((message.type === "session" && !message.needsConsent) || message.type === "snapshot") {
        visitor.seq = 0;
        void send(sessionId, bigPage(nodes, visitor.counter));
      }
      const control = message.control as { tool?: string; id?: number } | undefined;
      if (message.type === "control" && control?.tool === "click" && control.id === 5) {
        visitor.counter++;
        void send(sessionId, [
          { type: 3, timestamp: Date.now(), data: { source: 0, texts: [{ id: 4, value: `Cart: ${visitor.counter}` }], attributes: [], removes: [], adds: [] } },
        ]);
      }
    },
    visitor.abort.signal,
  );
  await sleep(100);
  return visitor;
}

async function aiClient(bench: BenchServer, key: string): Promise<Client> {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${bench.server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text?: string }[] };
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as Result;

async function aiSession(bench: BenchServer, key: string, nodes: number) {
  const visitor = await simulatedVisitor(bench, nodes);
  const client = await aiClient(bench, key);
  const started = await call(client, "start_session", { visitor_id: visitor.visitorId, agent_name: "Bench AI", wait_seconds: 30 });
  const sessionId = started.structuredContent?.session_id as string;
  if (!started.structuredContent?.started) throw new Error(`start_session: ${JSON.stringify(started)}`);
  return { visitor, client, sessionId };
}

const fmt = (figures: ReturnType<typeof summary>) => `${figures.n} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.max.toFixed(0)}`;

// 0. The server's own time for read_page on a 2,000-node page, measured in this process.
{
  const tree = new PageTree();
  tree.apply(bigPage(2000, 0));
  const times: number[] = [];
  for (let i = 0; i < Number(values.reads); i++) {
    tree.version++; // as after a change: the tree is written again, not taken from the last read
    const t0 = performance.now();
    readPage(tree);
    times.push(performance.now() - t0);
  }
  console.log(`A page of ${tree.size} nodes.\n\n| measure | n | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
  console.log(`| read_page, server's work (tree → text) | ${fmt(summary(times))} |`);
}

const bench = await startBenchServer();
await bench.api("PATCH", "/service-admin/team", { require_authorization: false });
const key = ((await bench.api("POST", "/service-admin/keys", { name: "Bench AI", scope: "api" })).key as { secret: string }).secret;
const cleanups: (() => void)[] = [];
try {
  // 1 and 2: one AI session on a 2,000-node page.
  const one = await aiSession(bench, key, 2000);
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
    const visitor = await simulatedVisitor(bench, 50);
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
      people.map(async ({ visitor, sessionId }, index) => {
        await sleep((250 * index) / people.length);
        while (Date.now() < until) {
          const sentAt = performance.timeOrigin + performance.now();
          await post(bench, "/collect/live/events", visitor.headers, {
            sessionId,
            seq: ++visitor.seq,
            events: [{ type: 3, timestamp: Date.now(), data: { source: 5, id: 20, text: "typing…", isChecked: false, sentAt } }],
          });
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

  const ai = await Promise.all(Array.from({ length: Number(values.ai) }, () => aiSession(bench, key, 2000)));
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
