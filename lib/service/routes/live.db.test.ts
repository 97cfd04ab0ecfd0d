import { request as httpRequest, type IncomingMessage } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { MAX_EVENT_BATCH_BYTES } from "@/lib/contract/endpoints";
import type { Db } from "@/lib/db";
import { serveForTests, type TestService } from "./test-service";
import { liveRelay } from "../live/node-relay";
import { mirrorToken } from "../proxy/mirror";
import { proxyOrigin } from "../proxy/origin";
import { streamMessages } from "@/lib/testing/stream-messages";
import { insertLiveSession } from "../live/test-session";
import { MAX_UNSENT_BYTES } from "../live/sse";

// Both sides of a live session as Tandem's server serves them, over HTTP, on a real database.
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "live-routes-test-link-signing-secret-0123456789";
});

let db: Db;
let service: TestService;
serveForTests((opened) => ({ db, service } = opened));

// These tests are about what travels once the session is live.
const liveSession = () => insertLiveSession(db);

describe("a live session over HTTP", () => {
  it("carries a visitor's batch to the watch page and an agent's tool to the visitor, and closes with the client", async () => {
    const session = await liveSession();
    const viewer = streamMessages(`${service.url}/live/sessions/${session.sessionId}/stream`, { authorization: `Bearer ${session.viewerToken}` });
    const visitor = streamMessages(`${service.url}/collect/live/stream`, session.visitorHeaders);
    await expect.poll(() => visitor.messages.map((message) => message.type)).toContain("session");

    const snapshot = [
      { type: 4, timestamp: 1, data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
      { type: 2, timestamp: 2, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } },
    ];
    const posted = await fetch(`${service.url}/collect/live/events`, {
      method: "POST",
      headers: { "content-type": "application/json", ...session.visitorHeaders },
      body: JSON.stringify({ sessionId: session.sessionId, seq: 1, events: snapshot }),
    });
    expect(posted.headers.get("access-control-allow-origin")).toBe("*");
    expect(await posted.json()).toEqual({ status: "ok", accepted: true, snapshot: false });
    await expect.poll(() => viewer.messages.find((message) => message.type === "events")).toMatchObject({ reset: true, events: snapshot });

    const control = await fetch(`${service.url}/live/sessions/${session.sessionId}/control`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.viewerToken}` },
      body: JSON.stringify({ tool: "pointer", x: 10, y: 20 }),
    });
    expect(control.status).toBe(200);
    await expect.poll(() => visitor.messages.find((message) => message.type === "control")).toMatchObject({ control: { tool: "pointer", x: 10, y: 20 } });

    expect(await liveRelay().visitorConnected(session.visitorId)).toBe(true);
    await visitor.stop();
    await expect.poll(() => liveRelay().visitorConnected(session.visitorId)).toBe(false);
    await viewer.stop();
  });

  it("gives the watch page a proxied page's addresses as the mirror's, which only this session's viewers get", async () => {
    const session = await liveSession();
    const viewer = streamMessages(`${service.url}/live/sessions/${session.sessionId}/stream`, { authorization: `Bearer ${session.viewerToken}` });
    const visitor = streamMessages(`${service.url}/collect/live/stream`, session.visitorHeaders);
    await expect.poll(() => visitor.messages.map((message) => message.type)).toContain("session");
    const page = (origin: string) => `${origin}/s/ps_1/https/shop.example.com`;
    const image = (origin: string) => ({
      type: 2,
      tagName: "img",
      attributes: { src: `${page(origin)}/logo.png`, srcset: `${page(origin)}/logo-2x.png 2x` },
      childNodes: [],
      id: 2,
    });
    const snapshot = (origin: string) => [
      { type: 4, timestamp: 1, data: { href: `${page(origin)}/`, width: 1280, height: 800 } },
      { type: 2, timestamp: 2, data: { node: { type: 0, childNodes: [image(origin)], id: 1 }, initialOffset: { top: 0, left: 0 } } },
    ];
    await fetch(`${service.url}/collect/live/events`, {
      method: "POST",
      headers: { "content-type": "application/json", ...session.visitorHeaders },
      body: JSON.stringify({ sessionId: session.sessionId, seq: 1, events: snapshot(proxyOrigin()) }),
    });
    const mirrored = `${proxyOrigin()}/mirror/${mirrorToken(session.sessionId, "ps_1")}`;
    await expect.poll(() => viewer.messages.find((message) => message.type === "events")).toMatchObject({ events: snapshot(mirrored) });
    await visitor.stop();
    await viewer.stop();
  });

  it("takes the streams' credentials from headers only: in the query string (which proxies log) they are refused", async () => {
    const session = await liveSession();
    const visitorQuery = new URLSearchParams({ visitorId: session.visitorId, token: session.visitorHeaders["x-visitor-token"] });
    const visitorStream = await fetch(`${service.url}/collect/live/stream?${visitorQuery}`);
    expect(visitorStream.status).toBe(401);
    expect(await visitorStream.json()).toMatchObject({ status: "error", error: "invalid_visitor_token" });
    const viewerStream = await fetch(`${service.url}/live/sessions/${session.sessionId}/stream?token=${encodeURIComponent(session.viewerToken)}`);
    expect(viewerStream.status).toBe(401);
    expect(await viewerStream.json()).toMatchObject({ status: "error", error: "invalid_viewer_token" });

    // The same credentials in headers open both streams.
    const abort = new AbortController();
    const [visitorOpen, viewerOpen] = await Promise.all([
      fetch(`${service.url}/collect/live/stream`, { headers: session.visitorHeaders, signal: abort.signal }),
      fetch(`${service.url}/live/sessions/${session.sessionId}/stream`, { headers: { authorization: `Bearer ${session.viewerToken}` }, signal: abort.signal }),
    ]);
    expect([visitorOpen.status, viewerOpen.status]).toEqual([200, 200]);
    expect(visitorOpen.headers.get("content-type")).toContain("text/event-stream");
    abort.abort();
  });

  it("answers a bad batch with a 400 naming the field, and a body over the limit with a 413, both in the envelope", async () => {
    const session = await liveSession();
    const bad = await fetch(`${service.url}/collect/live/events`, {
      method: "POST",
      headers: session.visitorHeaders,
      body: JSON.stringify({ sessionId: session.sessionId, seq: "one", events: [] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: "error", error: "invalid_request", message: expect.stringContaining("seq") });

    // Declared too large: refused before a byte of it is read, with the CORS headers the page needs to read the answer.
    const answer = await new Promise<{ status: number; cors: unknown; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${service.url}/collect/live/events`,
        { method: "POST", headers: { ...session.visitorHeaders, "content-length": String(MAX_EVENT_BATCH_BYTES + 1) } },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, cors: res.headers["access-control-allow-origin"], body }));
        },
      );
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.cors).toBe("*");
    expect(JSON.parse(answer.body)).toMatchObject({ status: "error", error: "payload_too_large" });
  });

  it("relays a page nested as deeply as HTML's parser nests elements (512), and refuses a deeper batch with 400", async () => {
    const session = await liveSession();
    const viewer = streamMessages(`${service.url}/live/sessions/${session.sessionId}/stream`, { authorization: `Bearer ${session.viewerToken}` });
    const visitor = streamMessages(`${service.url}/collect/live/stream`, session.visitorHeaders);
    await expect.poll(() => visitor.messages.map((message) => message.type)).toContain("session");
    let node: Record<string, unknown> = { type: 3, textContent: "deep", id: 1 };
    for (let id = 2; id <= 513; id++) node = { type: 2, tagName: "div", attributes: {}, childNodes: [node], id };
    const post = (seq: number, page: Record<string, unknown>) =>
      fetch(`${service.url}/collect/live/events`, {
        method: "POST",
        headers: { "content-type": "application/json", ...session.visitorHeaders },
        body: JSON.stringify({
          sessionId: session.sessionId,
          seq,
          events: [
            { type: 4, timestamp: 1, data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
            { type: 2, timestamp: 2, data: { node: { type: 0, childNodes: [page], id: 0 }, initialOffset: { top: 0, left: 0 } } },
          ],
        }),
      });
    expect(await (await post(1, node)).json()).toMatchObject({ status: "ok", accepted: true });
    await expect.poll(() => viewer.messages.some((message) => message.type === "events")).toBe(true);
    for (let id = 514; id <= 1_000; id++) node = { type: 2, tagName: "div", attributes: {}, childNodes: [node], id };
    const deeper = await post(2, node);
    expect(deeper.status).toBe(400);
    expect(await deeper.json()).toMatchObject({ error: "invalid_request", message: expect.stringMatching(/^body: nested too deeply/) });
    await visitor.stop();
    await viewer.stop();
  });

  it("cuts a viewer that stops reading once it is MAX_UNSENT_BYTES behind, while the other viewer gets every batch", async () => {
    const session = await liveSession();
    const streamUrl = `${service.url}/live/sessions/${session.sessionId}/stream`;
    const reading = streamMessages(streamUrl, { authorization: `Bearer ${session.viewerToken}` });
    // The stalled viewer reads its answer's head, then nothing: what the server writes piles up in front of it.
    const stalled = await new Promise<IncomingMessage>((resolve, reject) => {
      const opened = httpRequest(streamUrl, { headers: { authorization: `Bearer ${session.viewerToken}` } }, (answer) => resolve(answer.pause()));
      opened.on("error", reject);
      opened.end();
    });
    let stalledEnded = false;
    stalled.on("close", () => (stalledEnded = true)).on("error", () => undefined);
    // 2 MB pages (snapshots: each replaces the stored page, none is refused as too long), past the bound and
    // what the sockets' buffers take on this host (the kernel's largest: 32 MB received, 4 MB sent).
    const page = "x".repeat(2 * 1024 * 1024);
    const batches = Math.ceil((MAX_UNSENT_BYTES + 64 * 1024 * 1024) / page.length);
    for (let seq = 1; seq <= batches; seq++) {
      const events = [
        { type: 4, timestamp: seq, data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
        {
          type: 2,
          timestamp: seq,
          data: { node: { type: 0, childNodes: [{ type: 3, textContent: page, id: 2 }], id: 1 }, initialOffset: { top: 0, left: 0 } },
        },
      ];
      const posted = await fetch(`${service.url}/collect/live/events`, {
        method: "POST",
        headers: { "content-type": "application/json", ...session.visitorHeaders },
        body: JSON.stringify({ sessionId: session.sessionId, seq, events }),
      });
      expect(posted.status).toBe(200);
    }
    await expect.poll(() => reading.messages.filter((message) => message.type === "events").length).toBe(batches);
    // Read again, the stalled viewer gets what had reached its socket, then the server's reset: the stream ended.
    let received = 0;
    stalled.on("data", (chunk: Buffer) => (received += chunk.length)).resume();
    await expect.poll(() => stalledEnded).toBe(true);
    expect(received).toBeLessThan(batches * page.length);
    await reading.stop();
  });

  it("refuses a visitor's batches with 409 snapshot_required once the stored page is full, until a snapshot comes", async () => {
    const session = await liveSession();
    const send = async (seq: number, events: Array<Record<string, unknown>>) => {
      const response = await fetch(`${service.url}/collect/live/events`, {
        method: "POST",
        headers: { "content-type": "application/json", ...session.visitorHeaders },
        body: JSON.stringify({ sessionId: session.sessionId, seq, events }),
      });
      return { status: response.status, body: await response.json() };
    };
    const snapshot = [
      { type: 4, timestamp: 1, data: { href: "https://shop.example.com/", width: 1280, height: 800 } },
      { type: 2, timestamp: 2, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } },
    ];
    const increments = Array.from({ length: 5000 }, (_, index) => ({ type: 3, timestamp: 3 + index, data: { source: 1, positions: [] } }));
    expect((await send(1, snapshot)).body).toMatchObject({ accepted: true });
    // Asked for a snapshot past 3,000 events; a visitor that ignores it is refused past the bound.
    expect((await send(2, increments)).body).toEqual({ status: "ok", accepted: true, snapshot: true });
    expect(await send(3, increments)).toEqual({ status: 409, body: expect.objectContaining({ status: "error", error: "snapshot_required" }) });
    expect((await send(3, increments.slice(0, 1))).status).toBe(409);
    expect(await send(4, snapshot)).toEqual({ status: 200, body: { status: "ok", accepted: true, snapshot: false } });
    expect((await send(5, increments.slice(0, 1))).status).toBe(200);
  });
});
