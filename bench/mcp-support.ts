/**
 * What the MCP benchmarks share: simulated visitors' pages (registered, holding their stream, sending rrweb
 * batches), the SDK's client of Tandem's MCP server, and an AI session with one such visitor.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readSse, sleep, type BenchServer } from "./live-support";

type Events = { type: number; timestamp: number; data: unknown }[];

/** A page of about `nodes` nodes: sections of a heading, a paragraph and a list of links and buttons. */
export function bigPage(nodes: number, counter: number): Events {
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
  return pageOf([status, button, ...sections]);
}

/** Meta and full snapshot of a page whose body holds `body` (rrweb's serialised nodes, ids from 3). */
export function pageOf(body: object[]): Events {
  const html = { type: 2, id: 2, tagName: "html", attributes: {}, childNodes: [{ type: 2, id: 7, tagName: "body", attributes: {}, childNodes: body }] };
  return [
    { type: 4, timestamp: Date.now(), data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
    { type: 2, timestamp: Date.now(), data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { top: 0, left: 0 } } },
  ];
}

export interface Visitor {
  visitorId: string;
  headers: Record<string, string>;
  seq: number;
  counter: number;
  sessionId: string | null;
  abort: AbortController;
  /** POSTs a batch of events of the session; answers the HTTP status. */
  send: (events: unknown[]) => Promise<number>;
}

async function post(bench: BenchServer, path: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const response = await fetch(bench.server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A visitor's page: sends `page(counter)` when a session asks for it, and a click on node 5 adds one to the cart. */
export async function simulatedVisitor(bench: BenchServer, page: (counter: number) => Events): Promise<Visitor> {
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
    sessionId: null,
    abort: new AbortController(),
    send: (events) => post(bench, "/collect/live/events", visitor.headers, { sessionId: visitor.sessionId, seq: ++visitor.seq, events }),
  };
  void readSse(
    `${bench.server.url}/collect/live/stream`,
    visitor.headers,
    (message) => {
      if ((message.type === "session" && !message.needsConsent) || message.type === "snapshot") {
        visitor.sessionId = message.sessionId as string;
        visitor.seq = 0;
        void visitor.send(page(visitor.counter));
      }
      const control = message.control as { tool?: string; id?: number } | undefined;
      if (message.type === "control" && control?.tool === "click" && control.id === 5) {
        visitor.counter++;
        void visitor.send([
          { type: 3, timestamp: Date.now(), data: { source: 0, texts: [{ id: 4, value: `Cart: ${visitor.counter}` }], attributes: [], removes: [], adds: [] } },
        ]);
      }
    },
    visitor.abort.signal,
  );
  await sleep(100);
  return visitor;
}

export async function aiClient(bench: BenchServer, key: string): Promise<Client> {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${bench.server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

export type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text?: string }[] };
export const call = async (client: Client, name: string, args: Record<string, unknown>, timeout = 120_000) =>
  (await client.callTool({ name, arguments: args }, undefined, { timeout })) as Result;

export async function aiSession(bench: BenchServer, key: string, page: (counter: number) => Events) {
  const visitor = await simulatedVisitor(bench, page);
  const client = await aiClient(bench, key);
  const started = await call(client, "start_session", { visitor_id: visitor.visitorId, agent_name: "Bench AI", wait_seconds: 30 });
  const sessionId = started.structuredContent?.session_id as string;
  if (!started.structuredContent?.started) throw new Error(`start_session: ${JSON.stringify(started)}`);
  return { visitor, client, sessionId };
}

/** A server with consent off and a secret key for the AI agents. */
export async function prepareForAi(bench: BenchServer): Promise<string> {
  await bench.api("PATCH", "/service-admin/team", { require_authorization: false });
  return ((await bench.api("POST", "/service-admin/keys", { name: "Bench AI", scope: "api" })).key as { secret: string }).secret;
}
