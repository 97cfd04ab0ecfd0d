import { createServer, request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REQUEST_BODY_BYTES } from "./body-limit";
import { matchDirectRoute, registerDirectRoutes, serveDirect } from "./direct-routes";

// A real HTTP server: the direct routes first, then a stand-in for Next that names itself.
let server: Server;
let base = "";
const streamsAborted: string[] = [];

const echo = {
  POST: async (request: Request, context: { params: Promise<Record<string, string>> }) =>
    Response.json(
      { method: request.method, url: request.url, params: await context.params, body: await request.text(), header: request.headers.get("x-visitor-id") },
      {
        status: 201,
        headers: [
          ["set-cookie", "a=1"],
          ["set-cookie", "b=2"],
        ],
      },
    ),
};
const stream = {
  GET: (request: Request) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: first\n\n"));
        request.signal.addEventListener("abort", () => streamsAborted.push(new URL(request.url).searchParams.get("name") ?? ""));
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  },
};
const failing = { POST: async () => Promise.reject(new Error("boom")) };

beforeAll(async () => {
  registerDirectRoutes({ "/things/[id]/echo": echo, "/stream": stream, "/failing": failing });
  server = createServer((req, res) => {
    if (!serveDirect(req, res)) res.writeHead(299).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("direct routes", () => {
  it("matches paths segment by segment, with [name] for one segment, and only the methods a module exports", () => {
    expect(matchDirectRoute("POST", "/things/a%20b/echo")?.params).toEqual({ id: "a b" });
    expect(matchDirectRoute("GET", "/things/a/echo")).toBeNull();
    expect(matchDirectRoute("POST", "/things//echo")).toBeNull();
    expect(matchDirectRoute("POST", "/things/a/echo/more")).toBeNull();
    expect(matchDirectRoute("POST", "/other")).toBeNull();
  });

  it("hands the handler the request as sent and writes its answer back, cookies and all", async () => {
    const response = await fetch(`${base}/things/T1/echo?x=1`, { method: "POST", headers: { "x-visitor-id": "V1" }, body: '{"seq":1}' });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ method: "POST", url: `${base}/things/T1/echo?x=1`, params: { id: "T1" }, body: '{"seq":1}', header: "V1" });
  });

  it("leaves every other request to Next", async () => {
    expect(await (await fetch(`${base}/things/T1/echo`)).text()).toBe("next");
    expect(await (await fetch(`${base}/elsewhere`, { method: "POST", body: "{}" })).text()).toBe("next");
  });

  it("leaves a request with a malformed Host to Next rather than failing on it", async () => {
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end("POST /things/T1/echo HTTP/1.1\r\nHost: a b\r\nContent-Length: 2\r\n\r\n{}"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 299 /);
  });

  it("streams a response as it comes, and aborts the request's signal when the client goes away", async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/stream?name=one`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n"); // the stream is still open
    expect(streamsAborted).toEqual([]);
    controller.abort();
    await expect.poll(() => streamsAborted).toEqual(["one"]);
  });

  it("refuses a body sent without a length once it passes the limit, with the error envelope", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/things/T1/echo`, { method: "POST", headers: { "transfer-encoding": "chunked" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(1024 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent <= MAX_REQUEST_BODY_BYTES && req.write(chunk)) sent += chunk.length;
        if (sent <= MAX_REQUEST_BODY_BYTES) req.once("drain", pump);
        else req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "error", error: "payload_too_large" });
  });

  it("answers a handler's failure with a 500 envelope", async () => {
    const response = await fetch(`${base}/failing`, { method: "POST", body: "{}" });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ status: "error", error: "internal_error" });
  });
});
