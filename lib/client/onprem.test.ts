import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOnpremClient, type OnpremClient } from "./onprem";
import { visitor } from "./test-fixtures";
import { sendJson, sendText, startTestServer, type TestServer } from "./test-server";
import { apiError, onlyRequest } from "./test-assertions";

const REST_KEY = "onprem-rest-key-123";
let server: TestServer;
let client: OnpremClient;

beforeEach(async () => {
  server = await startTestServer();
  client = createOnpremClient({ baseUrl: server.url, restKey: REST_KEY, timeoutMs: 3000 });
});
afterEach(async () => {
  await server.close();
});

const watchBody = {
  licenseToken: "eyJhbGciOi.eyJzdWIi.sig",
  agent: { id: "agent-7", name: "Ann Agent" },
  branding: { naked: true },
  permissions: { allow_console: false, allow_draw: false },
};

describe("on-premise client", () => {
  it("listLatestVisitors → GET /api/visitors/list/latest with the raw Authorization header", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitors: [visitor] }));
    const visitors = await client.listLatestVisitors();
    expect(visitors.map((v) => v.short_id)).toEqual(["ab12cd"]);
    const req = onlyRequest(server);
    expect(req.method).toBe("GET");
    expect(req.url).toBe("/api/visitors/list/latest");
    expect(req.headers.authorization).toBe(REST_KEY);
    expect(req.headers["x-api-key"]).toBeUndefined();
  });

  it("searchVisitors → GET /api/visitors/list/search?q=", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitors: [visitor] }));
    await expect(client.searchVisitors("ip:203.0.113.7 #vip")).resolves.toHaveLength(1);
    await client.searchVisitors();
    await client.searchVisitors("");
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/api/visitors/list/search?q=ip%3A203.0.113.7%20%23vip"],
      ["GET", "/api/visitors/list/search"],
      ["GET", "/api/visitors/list/search"],
    ]);
    expect(server.requests[0].query.get("q")).toBe("ip:203.0.113.7 #vip");
    expect(server.requests.every((r) => r.headers.authorization === REST_KEY)).toBe(true);
  });

  it("getVisitor → GET /api/visitors/{id} (encoded)", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitor }));
    const got = await client.getVisitor("ab 12/cd");
    expect(got.short_id).toBe("ab12cd");
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers.authorization]).toEqual(["GET", "/api/visitors/ab%2012%2Fcd", REST_KEY]);
  });

  it("createWatchUrl → POST /api/visitors/{id}/watch_url with licenseToken in the body, returns {watch_url}", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", watch_url: "https://cobrowse.internal/watch/abc" }));
    await expect(client.createWatchUrl("ab12cd", watchBody)).resolves.toEqual({ watch_url: "https://cobrowse.internal/watch/abc" });
    const req = onlyRequest(server);
    expect([req.method, req.url, req.headers.authorization, req.headers["content-type"]]).toEqual([
      "POST",
      "/api/visitors/ab12cd/watch_url",
      REST_KEY,
      "application/json",
    ]);
    const sent = JSON.parse(req.body);
    expect(sent.licenseToken).toBe(watchBody.licenseToken);
    expect(sent.agent).toEqual(watchBody.agent);
    expect(sent.branding.naked).toBe(true);
    expect(sent.permissions.allow_draw).toBe(false);
  });

  it("createWatchUrl without licenseToken is rejected before sending", async () => {
    const { licenseToken: _omit, ...noToken } = watchBody;
    void _omit;
    const error = await apiError(client.createWatchUrl("ab12cd", noToken as never));
    expect([error.kind, error.status]).toEqual(["invalid_request", 0]);
    expect(error.message).toContain("licenseToken");
    expect(server.requests).toHaveLength(0);
  });

  it("keeps a path prefix of the base endpoint", async () => {
    const prefixed = createOnpremClient({ baseUrl: server.url + "/cobrowse/", restKey: REST_KEY });
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", visitors: [] }));
    await prefixed.listLatestVisitors();
    expect(onlyRequest(server).url).toBe("/cobrowse/api/visitors/list/latest");
  });

  it("maps errors: 401 wrong REST_KEY, 404 unknown visitor, 500, non-JSON", async () => {
    server.handle((_req, res) => sendText(res, 401, "Unauthorized"));
    let error = await apiError(client.listLatestVisitors());
    expect([error.kind, error.status, error.code]).toEqual(["unauthorized", 401, "unauthorized"]);

    server.handle((_req, res) => sendJson(res, 404, { status: "error", error: "visitor_not_found" }));
    error = await apiError(client.getVisitor("nope"));
    expect([error.kind, error.status, error.code]).toEqual(["not_found", 404, "visitor_not_found"]);

    server.handle((_req, res) => sendJson(res, 402, { status: "error", error: "invalid_license" }));
    error = await apiError(client.createWatchUrl("ab12cd", watchBody));
    expect([error.kind, error.status, error.code]).toEqual(["payment_required", 402, "invalid_license"]);

    server.handle((_req, res) => sendText(res, 500, "Internal Server Error"));
    error = await apiError(client.searchVisitors("x"));
    expect([error.kind, error.status, error.code]).toEqual(["unavailable", 500, "server_error"]);
  });

  it("an answer that does not match the contract names the field", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", watch_url: 42 }));
    const error = await apiError(client.createWatchUrl("ab12cd", watchBody));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("watch_url");
  });

  it("refuses a bad configuration when the client is created", () => {
    expect(() => createOnpremClient({ baseUrl: "cobrowse.internal", restKey: REST_KEY })).toThrow(TypeError);
    expect(() => createOnpremClient({ baseUrl: server.url, restKey: "" })).toThrow(TypeError);
  });
});
