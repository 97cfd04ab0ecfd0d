import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServiceAdminClient, type ServiceAdminClient } from "./service-admin";
import { sendJson, sendText, startTestServer, type TestServer } from "./test-server";
import { apiError } from "./test-assertions";

const API_KEY = "sk_test_admin_123";
let server: TestServer;
let client: ServiceAdminClient;

beforeEach(async () => {
  server = await startTestServer();
  client = createServiceAdminClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 3000 });
});
afterEach(async () => {
  await server.close();
});

const team = {
  id: "team_1",
  name: "Acme",
  domain: "shop.example.com",
  public_key: "pk_123",
  history_enabled: true,
  require_authorization: false,
  masking_selectors: [".card-number"],
  max_concurrent_sessions: 5,
  proxy_enabled: false,
  onprem_licensed: false,
  recording_enabled: false,
  recording_link_ttl_hours: 24,
  url_redacted_params: ["token"],
  embed_origins: [],
  frame_origins: [],
  canvas_capture_enabled: true,
  visitor_feedback_enabled: false,
  agent_hears_visitor: false,
};
const key = { id: "key_1", name: "CI", prefix: "sk_ab12", scope: "api", created_at: "2026-11-20T10:00:00Z", last_used_at: null, revoked_at: null };

describe("service admin client", () => {
  it("getTeam → GET /service-admin/team with X-Api-Key", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", team }));
    await expect(client.getTeam()).resolves.toEqual(team);
    const [req] = server.requests;
    expect([req.method, req.url]).toEqual(["GET", "/service-admin/team"]);
    expect(req.headers["x-api-key"]).toBe(API_KEY);
  });

  it("updateTeam → PATCH with only the given fields, answers the whole team", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", team: { ...team, history_enabled: false } }));
    const updated = await client.updateTeam({ history_enabled: false, masking_selectors: [" .ssn "] });
    expect(updated.history_enabled).toBe(false);
    const [req] = server.requests;
    expect([req.method, req.url]).toEqual(["PATCH", "/service-admin/team"]);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body)).toEqual({ history_enabled: false, masking_selectors: [".ssn"] });
  });

  it("updateTeam refuses an invalid update before sending anything", async () => {
    const error = await apiError(client.updateTeam({ max_concurrent_sessions: -1 }));
    expect(error.kind).toBe("invalid_request");
    expect(error.status).toBe(0);
    await apiError(client.updateTeam({ unknown_field: true } as never));
    expect(server.requests).toHaveLength(0);
  });

  it("listKeys, createKey (the secret is returned once) and revokeKey", async () => {
    server.handle((req, res) => {
      if (req.method === "GET") return sendJson(res, 200, { status: "ok", keys: [key] });
      if (req.method === "POST") return sendJson(res, 200, { status: "ok", key: { ...key, secret: "sk_ab12_secret" } });
      return sendText(res, 200, "ok");
    });
    await expect(client.listKeys()).resolves.toEqual([key]);
    await expect(client.createKey("  CI  ")).resolves.toMatchObject({ id: "key_1", secret: "sk_ab12_secret" });
    await client.createKey("Ops", "admin");
    await client.revokeKey("key/1");
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/service-admin/keys"],
      ["POST", "/service-admin/keys"],
      ["POST", "/service-admin/keys"],
      ["DELETE", "/service-admin/keys/key%2F1"],
    ]);
    expect(JSON.parse(server.requests[1].body)).toEqual({ name: "CI", scope: "api" });
    expect(JSON.parse(server.requests[2].body)).toEqual({ name: "Ops", scope: "admin" });
  });

  it("revoking the key in use is a conflict with the envelope's code", async () => {
    server.handle((_req, res) => sendJson(res, 409, { status: "error", error: "key_in_use", message: "This key made the request." }));
    const error = await apiError(client.revokeKey("key_1"));
    expect([error.kind, error.status, error.code]).toEqual(["conflict", 409, "key_in_use"]);
  });

  it("revokeKey refuses an empty or dot id before sending", async () => {
    await apiError(client.revokeKey(""));
    await apiError(client.revokeKey(".."));
    expect(server.requests).toHaveLength(0);
  });

  it("getWebhookSecret and rotateWebhookSecret read {status, secret}", async () => {
    server.handle((req, res) => sendJson(res, 200, { status: "ok", secret: req.method === "GET" ? "whsec_old" : "whsec_new" }));
    await expect(client.getWebhookSecret()).resolves.toBe("whsec_old");
    await expect(client.rotateWebhookSecret()).resolves.toBe("whsec_new");
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/service-admin/webhook-secret"],
      ["POST", "/service-admin/webhook-secret"],
    ]);
  });

  it("a body that does not match the contract is invalid_response; a bad key is unauthorized", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "ok", team: { ...team, history_enabled: "yes" } }));
    expect((await apiError(client.getTeam())).kind).toBe("invalid_response");
    server.handle((_req, res) => sendJson(res, 401, { status: "error", error: "unauthorized" }));
    expect((await apiError(client.listKeys())).kind).toBe("unauthorized");
  });

  it("rejects a bad configuration when created", () => {
    expect(() => createServiceAdminClient({ baseUrl: "ftp://x", apiKey: API_KEY })).toThrow(TypeError);
    expect(() => createServiceAdminClient({ baseUrl: server.url, apiKey: "" })).toThrow(TypeError);
  });
});
