import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxySessionRequestSchema, watchUrlRequestSchema } from "@/lib/contract";
import { createCloudClient, type CloudClient } from "./cloud";
import { ApiError } from "./errors";
import { agent, usage, visitor, watchUrl } from "./test-fixtures";
import { sendJson, sendText, startTestServer, type TestServer } from "./test-server";
import { apiError, onlyRequest } from "./test-assertions";

const API_KEY = "sk_test_secret";
let server: TestServer;
let client: CloudClient;

beforeEach(async () => {
  server = await startTestServer();
  client = createCloudClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 3000 });
});
afterEach(async () => {
  await server.close();
});

describe("cloud client: requests and parsed results", () => {
  it("getUsage → GET /v1.3/usage with X-Api-Key, returns usage", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", usage }));
    await expect(client.getUsage()).resolves.toEqual(usage);
    const req = onlyRequest(server);
    expect(req.method).toBe("GET");
    expect(req.url).toBe("/v1.3/usage");
    expect(req.headers["x-api-key"]).toBe(API_KEY);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers.accept).toBe("application/json");
    expect(req.body).toBe("");
  });

  it("listVisitors → GET /v1.3/list with search and max_results, returns the visitors", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitors: [visitor] }));
    const visitors = await client.listVisitors({ search: "#vip online", maxResults: 25 });
    expect(visitors).toHaveLength(1);
    expect(visitors[0].short_id).toBe("ab12cd");
    const req = onlyRequest(server);
    expect(req.method).toBe("GET");
    expect(req.pathname).toBe("/v1.3/list");
    expect(req.url).toBe("/v1.3/list?search=%23vip%20online&max_results=25");
    expect(req.query.get("search")).toBe("#vip online");
    expect(req.headers["x-api-key"]).toBe(API_KEY);
  });

  it("listVisitors without options (or an empty search) sends no query", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitors: [] }));
    await expect(client.listVisitors()).resolves.toEqual([]);
    await expect(client.listVisitors({ search: "" })).resolves.toEqual([]);
    expect(server.requests.map((r) => r.url)).toEqual(["/v1.3/list", "/v1.3/list"]);
  });

  it("listVisitors rejects a bad maxResults before sending", async () => {
    const error = await apiError(client.listVisitors({ maxResults: 0 }));
    expect(error.kind).toBe("invalid_request");
    expect(server.requests).toHaveLength(0);
  });

  it("getVisitor → GET /v1.3/visitors/{id}, with_history only when asked", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitor }));
    const got = await client.getVisitor("ab12cd");
    expect(got.short_id).toBe("ab12cd");
    expect(got.email).toBe("jane@example.com");
    await client.getVisitor("ab12cd", { withHistory: true });
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/v1.3/visitors/ab12cd"],
      ["GET", "/v1.3/visitors/ab12cd?with_history=true"],
    ]);
    expect(server.requests.every((r) => r.headers["x-api-key"] === API_KEY)).toBe(true);
  });

  it("path ids are percent-encoded", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitor }));
    await client.getVisitor("a/b c?x=1#y");
    expect(onlyRequest(server).url).toBe("/v1.3/visitors/a%2Fb%20c%3Fx%3D1%23y");
  });

  it("empty, '.' and '..' ids are rejected before sending", async () => {
    for (const call of [
      client.getVisitor(""),
      client.deleteVisitor(".."),
      client.stopSession("."),
      client.createWatchUrl("  ", { agent: { id: "a", name: "A" } }),
    ]) {
      const error = await apiError(call);
      expect(error.kind).toBe("invalid_request");
      expect(error.status).toBe(0);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("createWatchUrl → POST /v1.3/visitors/{id}/watch_url with the parsed body, returns {watch_url, expiration}", async () => {
    server.handle((_req, res) => sendJson(res, 200, watchUrl));
    const input = {
      agent: { id: "agent-7", name: "Ann Agent" },
      branding: { naked: "page_only" as const, on_end_url: "https://console.example.com/done" },
      metadata: { ticket: 42, vip: true, channel: "chat" },
      webhook_url: "https://hooks.example.com/end",
    };
    const result = await client.createWatchUrl("ab12cd", input);
    expect(result).toEqual({ watch_url: watchUrl.watch_url, expiration: expect.anything() });
    expect(result).not.toHaveProperty("status");
    expect(String(result.expiration)).toContain("2025-01-02");

    const req = onlyRequest(server);
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v1.3/visitors/ab12cd/watch_url");
    expect(req.headers["x-api-key"]).toBe(API_KEY);
    expect(req.headers["content-type"]).toBe("application/json");
    const sent = JSON.parse(req.body);
    expect(sent.agent).toEqual({ id: "agent-7", name: "Ann Agent" });
    expect(sent.branding.naked).toBe("page_only");
    expect(sent.metadata).toEqual({ ticket: 42, vip: true, channel: "chat" });
    expect(sent.webhook_url).toBe("https://hooks.example.com/end");
    // The body sent is the schema's output (defaults applied), serialized.
    expect(sent).toEqual(JSON.parse(JSON.stringify(watchUrlRequestSchema.parse(input))));
  });

  it("createWatchUrl with an invalid body throws invalid_request naming the field, without a request", async () => {
    const error = await apiError(client.createWatchUrl("ab12cd", { agent: { id: "agent-7" } } as never));
    expect(error.kind).toBe("invalid_request");
    expect(error.code).toBe("invalid_request");
    expect(error.status).toBe(0);
    expect(error.message).toContain("agent.name");
    expect(server.requests).toHaveLength(0);
  });

  it("stopSession → DELETE /v1.3/visitors/{id}/session", async () => {
    server.handle((_req, res) => sendText(res, 200, "ok"));
    await expect(client.stopSession("ab12cd")).resolves.toBeUndefined();
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers["x-api-key"]]).toEqual(["DELETE", "/v1.3/visitors/ab12cd/session", API_KEY]);
  });

  it("deleteVisitor → DELETE /v1.3/visitors/{id}", async () => {
    server.handle((_req, res) => sendText(res, 200, "ok"));
    await expect(client.deleteVisitor("ab12cd")).resolves.toBeUndefined();
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers["x-api-key"]]).toEqual(["DELETE", "/v1.3/visitors/ab12cd", API_KEY]);
  });

  it("purgeOfflineVisitors → DELETE /v1.3/visitors?all=true", async () => {
    server.handle((_req, res) => sendText(res, 200, "ok"));
    await expect(client.purgeOfflineVisitors()).resolves.toBeUndefined();
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers["x-api-key"]]).toEqual(["DELETE", "/v1.3/visitors?all=true", API_KEY]);
  });

  it("lookupAgent by email → GET /v1.3/agents/lookup?email=, returns the agent with sessions", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", agent }));
    const got = await client.lookupAgent({ email: "ann+ops@example.com" });
    expect(got.id).toBe("u_1");
    expect(got.sessions).toHaveLength(1);
    expect(got.sessions[0].id).toBe("s_abc");
    const req = onlyRequest(server);
    expect(req.method).toBe("GET");
    expect(req.url).toBe("/v1.3/agents/lookup?email=ann%2Bops%40example.com");
    expect(req.query.get("email")).toBe("ann+ops@example.com");
    expect(req.headers["x-api-key"]).toBe(API_KEY);
  });

  it("lookupAgent by externalId → ?external_id=", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", agent: { ...agent, _type: "external_agent" } }));
    await client.lookupAgent({ externalId: "crm-42" });
    expect(onlyRequest(server).url).toBe("/v1.3/agents/lookup?external_id=crm-42");
  });

  it("lookupAgent needs exactly one of email / externalId", async () => {
    for (const by of [{}, { email: "a@b.c", externalId: "x" }, { email: "  " }]) {
      const error = await apiError(client.lookupAgent(by as never));
      expect(error.kind).toBe("invalid_request");
    }
    expect(server.requests).toHaveLength(0);
  });

  it("createProxySession → POST /v1.3/proxy_sessions, returns {proxy_url}", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", proxy_url: "https://proxy.example.com/p/xyz" }));
    const input = { initial_url: "https://shop.example.com/", allowed_domains: ["shop.example.com"] };
    await expect(client.createProxySession(input)).resolves.toEqual({ proxy_url: "https://proxy.example.com/p/xyz" });
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers["x-api-key"], req.headers["content-type"]]).toEqual(["POST", "/v1.3/proxy_sessions", API_KEY, "application/json"]);
    const sent = JSON.parse(req.body);
    expect(sent.initial_url).toBe("https://shop.example.com/");
    expect(sent.allowed_domains).toEqual(["shop.example.com"]);
    expect(sent).toEqual(JSON.parse(JSON.stringify(proxySessionRequestSchema.parse(input))));
  });

  it("createOnpremToken → POST /v1.3/onpremise/token, returns {authorized, token}", async () => {
    server.handle((_req, res) => sendJson(res, 200, { authorized: true, token: "eyJhbGciOi.eyJzdWIi.sig" }));
    const body = { visitor_id: "ab12cd", agent: { id: "agent-7", name: "Ann Agent" } };
    await expect(client.createOnpremToken(body)).resolves.toEqual({ authorized: true, token: "eyJhbGciOi.eyJzdWIi.sig" });
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers["x-api-key"]]).toEqual(["POST", "/v1.3/onpremise/token", API_KEY]);
    const sent = JSON.parse(req.body);
    expect(sent.visitor_id).toBe("ab12cd");
    expect(sent.agent).toEqual({ id: "agent-7", name: "Ann Agent" });
  });

  it("keeps a path prefix of the base URL and ignores its trailing slash", async () => {
    const prefixed = createCloudClient({ baseUrl: server.url + "/tenant-a/", apiKey: API_KEY });
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", usage }));
    await prefixed.getUsage();
    expect(onlyRequest(server).url).toBe("/tenant-a/v1.3/usage");
  });

  it("refuses a bad configuration when the client is created", () => {
    expect(() => createCloudClient({ baseUrl: "not a url", apiKey: API_KEY })).toThrow(TypeError);
    expect(() => createCloudClient({ baseUrl: "ftp://x.example", apiKey: API_KEY })).toThrow(TypeError);
    expect(() => createCloudClient({ baseUrl: server.url, apiKey: "" })).toThrow(TypeError);
    expect(() => createCloudClient({ baseUrl: server.url, apiKey: "a\r\nX-Evil: 1" })).toThrow(TypeError);
    expect(() => createCloudClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 0 })).toThrow(TypeError);
  });
});

describe("cloud client: the spec's errors table", () => {
  const agentBody = { agent: { id: "agent-7", name: "Ann Agent" } };
  const cases: Array<[string, (c: CloudClient) => Promise<unknown>, string, string, number, string, ApiError["kind"]]> = [
    ["GET visitor", (c) => c.getVisitor("nope"), "GET", "/v1.3/visitors/nope", 404, "visitor_not_found", "not_found"],
    ["POST watch_url", (c) => c.createWatchUrl("nope", agentBody), "POST", "/v1.3/visitors/nope/watch_url", 404, "visitor_not_found", "not_found"],
    ["POST watch_url", (c) => c.createWatchUrl("ab12cd", agentBody), "POST", "/v1.3/visitors/ab12cd/watch_url", 402, "subscription_limit", "payment_required"],
    ["DELETE session", (c) => c.stopSession("nope"), "DELETE", "/v1.3/visitors/nope/session", 404, "visitor_not_found", "not_found"],
    ["DELETE visitor", (c) => c.deleteVisitor("nope"), "DELETE", "/v1.3/visitors/nope", 404, "visitor_not_found", "not_found"],
    ["DELETE visitor", (c) => c.deleteVisitor("ab12cd"), "DELETE", "/v1.3/visitors/ab12cd", 409, "visitor_online", "conflict"],
    [
      "GET agents/lookup",
      (c) => c.lookupAgent({ email: "x@example.com" }),
      "GET",
      "/v1.3/agents/lookup?email=x%40example.com",
      404,
      "agent_not_found",
      "not_found",
    ],
    ["POST proxy_sessions", (c) => c.createProxySession({}), "POST", "/v1.3/proxy_sessions", 402, "proxy_not_enabled", "payment_required"],
    [
      "POST onpremise/token",
      (c) => c.createOnpremToken({ visitor_id: "ab12cd", ...agentBody }),
      "POST",
      "/v1.3/onpremise/token",
      402,
      "not_authorized",
      "payment_required",
    ],
  ];

  it.each(cases)("%s %#: %s %s → %i %s → kind %s", async (_label, call, method, url, status, code, kind) => {
    server.handle((_req, res) => sendJson(res, status, { status: "error", error: code }));
    const error = await apiError(call(client));
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(String(status));
    const req = onlyRequest(server); // HTTP errors are never retried
    expect([req.method, req.url]).toEqual([method, url]);
  });
});

describe("cloud client: other error answers", () => {
  it.each(["invalid_api_key", "no_subscription", "api_not_enabled", "please_contact_team"])("401 %s → unauthorized", async (code) => {
    server.handle((_req, res) => sendJson(res, 401, { status: "error", error: code }));
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status, error.code]).toEqual(["unauthorized", 401, code]);
  });

  it("403 without a body → unauthorized with a derived code", async () => {
    server.handle((_req, res) => sendText(res, 403, ""));
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status, error.code]).toEqual(["unauthorized", 403, "forbidden"]);
  });

  it("400 invalid_request keeps the server's message", async () => {
    server.handle((_req, res) => sendJson(res, 400, { status: "error", error: "invalid_request", message: "agent.name: Required" }));
    const error = await apiError(client.createWatchUrl("ab12cd", { agent: { id: "a", name: "A" } }));
    expect([error.kind, error.status, error.code, error.message]).toEqual(["invalid_request", 400, "invalid_request", "agent.name: Required"]);
  });

  it("422 → invalid_request", async () => {
    server.handle((_req, res) => sendJson(res, 422, { status: "error", error: "unprocessable" }));
    const error = await apiError(client.createProxySession());
    expect([error.kind, error.status, error.code]).toEqual(["invalid_request", 422, "unprocessable"]);
  });

  it("429 → rate_limited with retryAfterSeconds from Retry-After", async () => {
    server.handle((_req, res) => sendJson(res, 429, { status: "error", error: "rate_limited" }, { "retry-after": "7" }));
    const error = await apiError(client.listVisitors({ search: "4821" }));
    expect([error.kind, error.status, error.code, error.retryAfterSeconds]).toEqual(["rate_limited", 429, "rate_limited", 7]);
    expect(server.requests).toHaveLength(1);
  });

  it("429 without Retry-After has no retryAfterSeconds", async () => {
    server.handle((_req, res) => sendJson(res, 429, { status: "error", error: "rate_limited" }));
    const error = await apiError(client.getUsage());
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it.each([500, 502, 503, 504])("%i → unavailable, not retried", async (status) => {
    server.handle((_req, res) => sendJson(res, status, { status: "error", error: "internal" }));
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", status, "internal"]);
    expect(server.requests).toHaveLength(1);
  });

  it("a non-JSON error body (HTML from a proxy) is tolerated", async () => {
    server.handle((_req, res) => sendText(res, 502, "<html><body>Bad Gateway</body></html>", "text/html"));
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", 502, "server_error"]);
    expect(error.message).toMatch(/502/);
  });

  it("a plain-text 404 body is tolerated", async () => {
    server.handle((_req, res) => sendText(res, 404, "Not Found"));
    const error = await apiError(client.deleteVisitor("gone"));
    expect([error.kind, error.status, error.code]).toEqual(["not_found", 404, "not_found"]);
  });

  it("a JSON error body without the envelope falls back to the status", async () => {
    server.handle((_req, res) => sendJson(res, 409, ["unexpected"]));
    const error = await apiError(client.deleteVisitor("ab12cd"));
    expect([error.kind, error.status, error.code]).toEqual(["conflict", 409, "conflict"]);
  });
});

describe("cloud client: plain-text ok bodies of the DELETE endpoints", () => {
  const deletes: Array<[string, (c: CloudClient) => Promise<void>]> = [
    ["stopSession", (c) => c.stopSession("ab12cd")],
    ["deleteVisitor", (c) => c.deleteVisitor("ab12cd")],
    ["purgeOfflineVisitors", (c) => c.purgeOfflineVisitors()],
  ];
  const okBodies: Array<[string, string]> = [
    ["ok", "text/plain"],
    ["ok\n", "text/html"],
    ['"ok"', "application/json"],
    ['{"status":"ok"}', "application/json"],
  ];

  for (const [name, call] of deletes) {
    it.each(okBodies)(`${name} accepts %j (%s)`, async (body, type) => {
      server.handle((_req, res) => sendText(res, 200, body, type));
      await expect(call(client)).resolves.toBeUndefined();
      expect(server.requests).toHaveLength(1);
    });

    it(`${name} rejects any other 200 body as invalid_response`, async () => {
      server.handle((_req, res) => sendJson(res, 200, { status: "error", error: "weird" }));
      const error = await apiError(call(client));
      expect([error.kind, error.status]).toEqual(["invalid_response", 200]);
    });
  }
});

describe("cloud client: answers that do not match the contract", () => {
  it("names the field in the message (usage.visitors.online_now)", async () => {
    const bad = { ...usage, visitors: { ...usage.visitors, online_now: "5" } };
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", usage: bad }));
    const error = await apiError(client.getUsage());
    expect([error.kind, error.status, error.code]).toEqual(["invalid_response", 200, "invalid_response"]);
    expect(error.message).toContain("usage.visitors.online_now");
    expect(error.message).toContain("GET /v1.3/usage");
  });

  it("names an array element's field (visitors[0].short_id)", async () => {
    const { short_id: _omit, ...noId } = visitor;
    void _omit;
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitors: [noId] }));
    const error = await apiError(client.listVisitors());
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("visitors[0].short_id");
  });

  it("a missing payload field is named (watch_url)", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", expiration: watchUrl.expiration }));
    const error = await apiError(client.createWatchUrl("ab12cd", { agent: { id: "a", name: "A" } }));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("watch_url");
  });

  it("a 200 body that is not JSON → invalid_response", async () => {
    server.handle((_req, res) => sendText(res, 200, "<html>login page</html>", "text/html"));
    const error = await apiError(client.getVisitor("ab12cd"));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toMatch(/not JSON/);
  });
});
