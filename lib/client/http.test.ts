import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCloudClient, type CloudClient } from "./cloud";
import { buildUrl, request } from "./http";
import { usage } from "./test-fixtures";
import { sendJson, sendText, startTestServer, type TestServer } from "./test-server";
import { apiError } from "./test-assertions";

let server: TestServer;
/** Generous timeout: these tests are about retries and redirects, not about timing. */
let client: CloudClient;
/** The short timeout of the timeout tests. */
let fastClient: CloudClient;

beforeAll(async () => {
  // Node loads its fetch implementation on first use; keep that out of the 200 ms budgets below.
  await (await fetch("data:text/plain,warm")).text();
});

beforeEach(async () => {
  server = await startTestServer();
  client = createCloudClient({ baseUrl: server.url, apiKey: "sk_test", timeoutMs: 5000 });
  fastClient = createCloudClient({ baseUrl: server.url, apiKey: "sk_test", timeoutMs: 200 });
});
afterEach(async () => {
  await server.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("timeout", () => {
  it("a server that never answers a GET → unavailable after the configured timeout, not retried", async () => {
    server.handle(() => {
      /* never answer */
    });
    const started = performance.now();
    const error = await apiError(fastClient.getUsage());
    const elapsed = performance.now() - started;
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", 0, "timeout"]);
    expect(error.message).toContain("200 ms");
    expect(elapsed).toBeGreaterThanOrEqual(180);
    expect(elapsed).toBeLessThan(5000); // far below the 10 s default
    await settle();
    // Sent once and never again (under heavy load the request may not even have reached the server in 200 ms).
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  it("a POST that gets no answer → unavailable, sent once", async () => {
    server.handle(() => {});
    const error = await apiError(fastClient.createProxySession({}));
    expect([error.kind, error.code]).toEqual(["unavailable", "timeout"]);
    await settle();
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  it("a body that stalls after the headers also times out", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"status":"ok",');
    });
    const error = await apiError(fastClient.getUsage());
    expect([error.kind, error.code]).toEqual(["unavailable", "timeout"]);
  });

  it("defaults to 10 000 ms (a slow answer within it succeeds)", async () => {
    const patient = createCloudClient({ baseUrl: server.url, apiKey: "sk_test" });
    server.handle((_req, res) => setTimeout(() => sendJson(res, 200, { status: "ok", usage }), 400));
    await expect(patient.getUsage()).resolves.toEqual(usage);
  });
});

describe("retry on network failure", () => {
  it("a GET whose first connection is destroyed succeeds on the second try", async () => {
    server.handle((_req, res, raw) => {
      if (server.requests.length === 1) raw.socket.destroy();
      else sendJson(res, 200, { status: "ok", usage });
    });
    await expect(client.getUsage()).resolves.toEqual(usage);
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => r.url)).toEqual(["/v1.3/usage", "/v1.3/usage"]);
  });

  it("a GET is retried only once", async () => {
    server.handle((_req, _res, raw) => raw.socket.destroy());
    const error = await apiError(client.getVisitor("ab12cd"));
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", 0, "network_error"]);
    await settle();
    expect(server.requests).toHaveLength(2);
  });

  it("a POST whose connection is destroyed is not retried", async () => {
    server.handle((_req, res, raw) => {
      if (server.requests.length === 1) raw.socket.destroy();
      else sendJson(res, 200, { status: "ok", proxy_url: "https://proxy.example.com/p/1" });
    });
    const error = await apiError(client.createProxySession({ initial_url: "https://shop.example.com/" }));
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", 0, "network_error"]);
    await settle();
    expect(server.requests).toHaveLength(1);
  });

  it("a DELETE whose connection is destroyed is not retried", async () => {
    server.handle((_req, res, raw) => {
      if (server.requests.length === 1) raw.socket.destroy();
      else sendText(res, 200, "ok");
    });
    const error = await apiError(client.deleteVisitor("ab12cd"));
    expect(error.kind).toBe("unavailable");
    await settle();
    expect(server.requests).toHaveLength(1);
  });

  it("a GET whose body is cut mid-way is retried", async () => {
    server.handle((_req, res, raw) => {
      if (server.requests.length === 1) {
        res.writeHead(200, { "content-type": "application/json", "content-length": "500" });
        res.write('{"status":"ok",');
        setTimeout(() => raw.socket.destroy(), 20);
      } else sendJson(res, 200, { status: "ok", usage });
    });
    await expect(client.getUsage()).resolves.toEqual(usage);
    expect(server.requests).toHaveLength(2);
  });

  it("connection refused → unavailable naming the origin", async () => {
    const closed = await startTestServer();
    await closed.close();
    const refused = createCloudClient({ baseUrl: closed.url, apiKey: "sk_test", timeoutMs: 2000 });
    const error = await apiError(refused.getUsage());
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", 0, "network_error"]);
    expect(error.message).toContain(closed.url);
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("HTTP errors are not retried", async () => {
    server.handle((_req, res) => sendJson(res, 503, { status: "error", error: "maintenance" }, { "retry-after": "30" }));
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status, error.retryAfterSeconds]).toEqual(["unavailable", 503, 30]);
    expect(server.requests).toHaveLength(1);
  });
});

describe("redirects", () => {
  it("are not followed (the API key never travels to another URL)", async () => {
    server.handle((req, res) => {
      if (req.pathname === "/v1.3/usage") {
        res.writeHead(302, { location: server.url + "/elsewhere" });
        res.end();
      } else sendJson(res, 200, { status: "ok", usage });
    });
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status]).toEqual(["invalid_response", 302]);
    expect(error.message).toContain("/elsewhere");
    await settle();
    expect(server.requests.map((r) => r.pathname)).toEqual(["/v1.3/usage"]);
  });
});

describe("request()", () => {
  it("sends JSON with the config's headers and parses with the schema", async () => {
    server.handle((req, res) => sendJson(res, 201, { echo: JSON.parse(req.body), n: 1 }));
    const schema = z.object({ echo: z.object({ a: z.number() }), n: z.number() });
    const result = await request(
      { baseUrl: server.url, headers: { "x-custom": "1" } },
      { method: "POST", path: "/things", query: { a: "x y", b: undefined, c: null, d: 0, e: false }, body: { a: 1 }, response: schema },
    );
    expect(result).toEqual({ echo: { a: 1 }, n: 1 });
    const [req] = server.requests;
    expect(req.url).toBe("/things?a=x%20y&d=0&e=false");
    expect(req.headers["x-custom"]).toBe("1");
    expect(req.headers["content-type"]).toBe("application/json");
  });

  it("uses an injected fetch", async () => {
    const seen: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    server.handle((_req, res) => sendText(res, 200, "ok"));
    await request({ baseUrl: server.url, headers: {}, fetch: fetchSpy }, { method: "DELETE", path: "/x", response: "ok" });
    expect(seen).toEqual([server.url + "/x"]);
    expect(server.requests).toHaveLength(1);
  });

  it("buildUrl joins base, path and query", () => {
    expect(buildUrl("http://h/api/", "/visitors/list/search", { q: "#vip" })).toBe("http://h/api/visitors/list/search?q=%23vip");
    expect(buildUrl("http://h", "/x", {})).toBe("http://h/x");
  });
});
