import { request as httpRequest } from "node:http";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { collectEndpoints } from "@/lib/contract/endpoints";
import { DEFAULT_URL_REDACTED_PARAMS } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { opaqueNodeId } from "../live/node-id";
import { liveRelay, nodeName } from "../live/node-relay";
import { openTestDatabase } from "@/lib/testing/test-database";
import { startTestService, type TestService } from "./test-service";
import type { Team } from "../teams/team";
import { MAX_STREAMS_PER_VISITOR, REPLACED_STREAM_RETRY_MS } from "../live/stream-limits";
import { registerVisitor } from "../visitors/ingest/register";
import { desktopChrome, insertTeam, visitorRow } from "../visitors/ingest/test-fixtures";

// The visitor script's endpoints as Tandem's server serves them, over HTTP, on a real database. One
// proxy in front (as in the deploy guide), so the client's address is the one it appended.
vi.hoisted(() => {
  process.env.TRUSTED_PROXIES = "loopback";
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let team: Team;
let service: TestService;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  team = await insertTeam(db);
  service = await startTestService(db);
});
afterAll(async () => {
  await service.close();
  await database.close();
});

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(response.headers.get("access-control-allow-origin")).toBe("*"); // errors included
  return { status: response.status, json: await response.json() };
}

async function visitorCount(): Promise<number> {
  const { visitors } = await import("../core/schema");
  return (await db.select().from(visitors)).length;
}

async function registered() {
  const { json } = await call(
    "/collect/register",
    { publicKey: team.publicKey, url: "https://shop.example.com/" },
    { "user-agent": IPHONE, "x-forwarded-for": "203.0.113.66, 198.51.100.4" },
  );
  return { json, headers: { "x-visitor-id": json.visitorId, "x-visitor-token": json.token } };
}

describe("/collect", () => {
  it("answers the CORS preflight of every endpoint", async () => {
    for (const endpoint of Object.values(collectEndpoints)) {
      const response = await fetch(`${service.url}${endpoint.path}`, {
        method: "OPTIONS",
        headers: { origin: "https://shop.example.com", "access-control-request-method": endpoint.method.toUpperCase() },
      });
      expect(response.status, endpoint.path).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-headers")).toContain("x-visitor-token");
      expect(response.headers.get("access-control-allow-methods")).toContain(endpoint.method.toUpperCase());
    }
  });

  it("registers a visitor from the request's user agent and the address its proxy saw", async () => {
    const { json } = await registered();
    expect(json).toMatchObject({
      status: "ok",
      visitorId: expect.any(String),
      token: expect.any(String),
      lookupCode: expect.stringMatching(/^\d{4}$/),
      heartbeatSeconds: 15,
    });
    // A new team asks the visitor before a session starts.
    expect(json.settings).toEqual({
      requireAuthorization: true,
      maskingSelectors: [],
      frameOrigins: [],
      canvasCapture: true,
      urlRedactedParams: DEFAULT_URL_REDACTED_PARAMS,
    });
    expect(await visitorRow(db, json.visitorId)).toMatchObject({
      deviceType: "mobile",
      deviceName: "iPhone",
      browserName: "Mobile Safari",
      ipAddress: "198.51.100.4",
    });
  });

  it("refuses an unknown public key with 401 and malformed input with 400 naming the field", async () => {
    expect(await call("/collect/register", { publicKey: "pk_nope", url: "https://shop.example.com/" })).toMatchObject({
      status: 401,
      json: { error: "invalid_api_key" },
    });
    expect(await call("/collect/register", { url: "https://shop.example.com/" })).toMatchObject({ status: 401, json: { error: "invalid_api_key" } });
    const badUrl = await call("/collect/register", { publicKey: team.publicKey, url: "javascript:alert(1)" });
    expect(badUrl).toMatchObject({ status: 400, json: { status: "error", error: "invalid_request" } });
    expect(badUrl.json.message).toContain("url");
    expect(await call("/collect/register", "{oops")).toMatchObject({ status: 400, json: { error: "invalid_request", message: "body: not valid JSON" } });

    const { headers } = await registered();
    const noUrl = await call("/collect/pageview", { title: "x" }, headers);
    expect(noUrl).toMatchObject({ status: 400, json: { error: "invalid_request", message: expect.stringContaining("url") } });
  });

  it("gives a cross-origin frame the team's recording settings without registering a visitor", async () => {
    const { updateTeamSettings } = await import("../teams/admin");
    await updateTeamSettings(db, team.id, { frame_origins: ["https://shop.example.com"], masking_selectors: [".iban"], canvas_capture_enabled: false });
    const before = await visitorCount();
    expect(await call("/collect/frame", { publicKey: team.publicKey })).toEqual({
      status: 200,
      json: { status: "ok", settings: { maskingSelectors: [".iban"], frameOrigins: ["https://shop.example.com"], canvasCapture: false } },
    });
    expect(await visitorCount()).toBe(before);
    expect(await call("/collect/frame", { publicKey: "pk_nope" })).toMatchObject({ status: 401, json: { error: "invalid_api_key" } });
    expect(await call("/collect/frame", "{oops")).toMatchObject({ status: 400, json: { error: "invalid_request" } });
    await updateTeamSettings(db, team.id, { frame_origins: [], masking_selectors: [], canvas_capture_enabled: true });
  });

  it("refuses the NUL character anywhere, before any credential is looked up with it, naming where it was", async () => {
    expect(await call("/collect/register", { publicKey: "pk_\u0000", url: "https://shop.example.com/" })).toMatchObject({
      status: 400,
      json: { error: "invalid_request", message: "body.publicKey: must not contain the NUL character" },
    });
  });

  it("refuses a body nested 5,000 levels deep with 400, before any credential is looked up, and logs no failure", async () => {
    const failures = vi.spyOn(console, "error");
    try {
      const deep = `{"publicKey":"${team.publicKey}","url":"https://shop.example.com/","referrer":${"[".repeat(5_000)}${"]".repeat(5_000)}}`;
      expect(await call("/collect/register", deep)).toMatchObject({
        status: 400,
        json: { status: "error", error: "invalid_request", message: expect.stringMatching(/^body: nested too deeply/) },
      });
      expect(failures).not.toHaveBeenCalled();
    } finally {
      failures.mockRestore();
    }
  });

  it("names the node of a live stream by an opaque id: no host name, no process id", async () => {
    const { json } = await registered();
    const aborted = new AbortController();
    const stream = await fetch(`${service.url}/collect/live/stream`, {
      headers: { "x-visitor-id": json.visitorId, "x-visitor-token": json.token },
      signal: aborted.signal,
    });
    const node = stream.headers.get("x-tandem-node");
    aborted.abort();
    expect(stream.status).toBe(200);
    expect(node).toMatch(/^[\w-]{16}$/);
    expect(node).not.toContain(os.hostname());
    expect(node).not.toContain(String(process.pid));
    expect(node).toBe(opaqueNodeId(loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET), nodeName()));
  });

  it("takes identity, heartbeats and pageviews from the visitor that holds the token, and nobody else", async () => {
    const { json, headers } = await registered();
    expect(await call("/collect/identify", { callName: "Jane", tags: ["#vip"] }, headers)).toEqual({ status: 200, json: { status: "ok" } });
    const badTag = await call("/collect/identify", { tags: ["vip"] }, headers);
    expect(badTag).toMatchObject({ status: 400, json: { error: "invalid_request" } });
    expect(badTag.json.message).toContain("tags");
    expect(await call("/collect/heartbeat", "", headers)).toEqual({ status: 200, json: { status: "ok", lookupCode: json.lookupCode } });
    expect(await call("/collect/pageview", { url: "https://shop.example.com/cart" }, headers)).toEqual({ status: 200, json: { status: "ok" } });
    expect(await visitorRow(db, json.visitorId)).toMatchObject({ callName: "Jane", tags: ["#vip"], lastUrl: "https://shop.example.com/cart" });

    const refused: Array<Record<string, string>> = [
      { ...headers, "x-visitor-token": "stolen?" },
      { ...headers, "x-visitor-id": "NOSUCHID" },
      { "x-visitor-id": json.visitorId },
      {},
    ];
    for (const wrong of refused) expect(await call("/collect/heartbeat", "", wrong)).toMatchObject({ status: 401, json: { error: "invalid_visitor_token" } });
  });

  it("takes a sendBeacon leave: text/plain, credentials in the body, offline at once", async () => {
    const { json } = await registered();
    const beacon = JSON.stringify({ visitorId: json.visitorId, token: json.token });
    expect(
      await call("/collect/leave", JSON.stringify({ visitorId: json.visitorId, token: "wrong" }), { "content-type": "text/plain;charset=UTF-8" }),
    ).toMatchObject({
      status: 401,
    });
    expect(await call("/collect/leave", beacon, { "content-type": "text/plain;charset=UTF-8" })).toEqual({ status: 200, json: { status: "ok" } });
    expect((await visitorRow(db, json.visitorId)).onlineUntil <= new Date()).toBe(true);
  });
});

describe("a body larger than the endpoint takes", () => {
  it("is refused while it streams in: a 150 MB registration gets its 413 after the first few hundred kilobytes", async () => {
    const limit = collectEndpoints.registerVisitor.maxBodyBytes;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const { status, sentBeforeAnswer, body } = await new Promise<{ status: number; sentBeforeAnswer: number; body: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest(`${service.url}/collect/register`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        answered = true;
        const sentBeforeAnswer = sent;
        let text = "";
        res.on("data", (data) => (text += data));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, sentBeforeAnswer, body: text });
          req.destroy();
        });
      });
      req.on("error", (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < 150 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ status: "error", error: "payload_too_large", message: "body: larger than 64 kB" });
    // The sockets' buffers hold a few megabytes at most: nothing close to the whole body went out.
    expect(sentBeforeAnswer).toBeGreaterThan(limit);
    expect(sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("a visitor's live streams, bounded on each app node", () => {
  type Stream = { status: number; text: string; ended: boolean; abort: () => void };

  /** A stream from `address` (the proxy in front appends it), read until it ends or is aborted. */
  async function openStream(headers: Record<string, string>, address: string): Promise<Stream> {
    const controller = new AbortController();
    const response = await fetch(`${service.url}/collect/live/stream`, { headers: { ...headers, "x-forwarded-for": address }, signal: controller.signal });
    const stream: Stream = { status: response.status, text: "", ended: false, abort: () => controller.abort() };
    if (response.status !== 200) {
      stream.text = await response.text();
      return { ...stream, ended: true };
    }
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of response.body!) stream.text += decoder.decode(chunk, { stream: true });
        stream.ended = true;
      } catch {
        // aborted by the test
      }
    })();
    return stream;
  }

  const visitorIds: string[] = [];
  const visitorHeaders = async () => {
    const visitor = await registerVisitor(db, team, { url: "https://shop.example.com/" }, { ...desktopChrome, ipAddress: "203.0.113.9" });
    visitorIds.push(visitor.visitorId);
    return { "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token };
  };

  /** Closes the streams, and waits until the service has let go of them (it still reads the database then). */
  async function closeAll(streams: Stream[]) {
    streams.forEach((stream) => stream.abort());
    for (const visitorId of visitorIds) await expect.poll(() => liveRelay().visitorConnected(visitorId)).toBe(false);
  }

  it(`keeps a visitor's ${MAX_STREAMS_PER_VISITOR} newest streams: a new one closes the oldest, which waits before connecting again`, async () => {
    const headers = await visitorHeaders();
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_VISITOR + 2; i++) streams.push(await openStream(headers, "198.51.100.30"));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    await expect.poll(() => streams.map((stream) => stream.ended)).toEqual(streams.map((_, index) => index < 2));
    for (const closed of streams.slice(0, 2)) expect(closed.text).toContain(`retry: ${REPLACED_STREAM_RETRY_MS}\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(streams.filter((stream) => stream.ended)).toHaveLength(2);
    await closeAll(streams);
  });

  const MAX_STREAMS_PER_ADDRESS = 64; // LIVE_STREAMS_PER_ADDRESS's default
  it(`refuses a stream past ${MAX_STREAMS_PER_ADDRESS} from one address with 429, and takes one again once a stream closes`, async () => {
    const streams: Stream[] = [];
    for (let visitor = 0; visitor < MAX_STREAMS_PER_ADDRESS / MAX_STREAMS_PER_VISITOR; visitor++) {
      const headers = await visitorHeaders();
      for (let i = 0; i < MAX_STREAMS_PER_VISITOR; i++) streams.push(await openStream(headers, "198.51.100.40"));
    }
    expect(streams.filter((stream) => stream.status === 200 && !stream.ended)).toHaveLength(MAX_STREAMS_PER_ADDRESS);

    const headers = await visitorHeaders();
    const refused = await openStream(headers, "198.51.100.40");
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ status: "error", error: "rate_limited" });
    const elsewhere = await openStream(headers, "198.51.100.41");
    expect(elsewhere.status).toBe(200);

    streams[0].abort();
    await expect
      .poll(async () => {
        const again = await openStream(headers, "198.51.100.40");
        again.abort();
        return again.status;
      })
      .toBe(200);
    await closeAll([...streams, elsewhere]);
  });
});
