import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENDPOINTS, serviceAdminEndpoints } from "@/lib/contract/endpoints";
import { openTestDatabase } from "@/lib/testing/test-database";
import { provisionEmbeddedService } from "../boot";
import { apiKeys } from "../core/schema";
import { createTeamApiKey } from "../teams/admin";
import { authenticateApiKey, ensureApiKey, ensureDefaultTeam } from "../teams/team";
import { createServiceApp } from ".";

// A secret key's scope, walked over the registry: `api` keys reach the v1.3 endpoints only, `admin`
// keys also the service's admin API (team settings, keys, webhook secret).
const CONSOLE_KEY = "tk_console_key_for_scope_tests_0123456789";
vi.hoisted(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
  process.env.LINK_SIGNING_SECRET = "scope-test-link-signing-secret-0123456789abcdef";
  process.env.COBROWSE_API_KEY = "tk_console_key_for_scope_tests_0123456789";
  delete process.env.COBROWSE_API_URL;
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: ReturnType<typeof createServiceApp>["app"];
let apiKey: string;
let adminKey: string;
beforeAll(async () => {
  database = await openTestDatabase();
  app = createServiceApp({ db: async () => database.db }).app;
  const team = await ensureDefaultTeam(database.db);
  apiKey = (await createTeamApiKey(database.db, team.id, "Helpdesk", "api")).secret;
  adminKey = (await createTeamApiKey(database.db, team.id, "Ops", "admin")).secret;
});
afterAll(() => database.close());

// The admin API's endpoints that take a credential: all but its public document.
const adminEndpoints = ENDPOINTS.filter((endpoint) => endpoint.group === "service-admin" && endpoint.auth !== "none");
const named = (endpoints: typeof ENDPOINTS) => endpoints.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const);
const call = (endpoint: (typeof ENDPOINTS)[number], key: string) =>
  app.request(endpoint.path.replace(/\{\w+\}/g, "k_missing"), {
    method: endpoint.method.toUpperCase(),
    headers: { "x-api-key": key, "content-type": "application/json" },
    ...(endpoint.body ? { body: JSON.stringify(endpoint.id === "createKey" ? { name: "From a test" } : {}) } : {}),
  });

describe("secret key scopes", () => {
  it("declares every endpoint of the service's admin API as needing an admin key, and no other endpoint", () => {
    expect(adminEndpoints.map((endpoint) => endpoint.auth)).toEqual(adminEndpoints.map(() => "admin-key"));
    expect(ENDPOINTS.filter((endpoint) => endpoint.auth === "admin-key")).toEqual(adminEndpoints);
    expect(Object.values(serviceAdminEndpoints).filter((endpoint) => endpoint.auth !== "none")).toHaveLength(adminEndpoints.length);
    expect(adminEndpoints.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining(["getTeam", "updateTeam", "listKeys", "createKey", "revokeKey", "getWebhookSecret", "rotateWebhookSecret"]),
    );
  });

  it.each(named(adminEndpoints))("refuses an api key %s with 403 permission_denied", async (_name, endpoint) => {
    const response = await call(endpoint, apiKey);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status: "error", error: "permission_denied", message: expect.stringContaining("admin scope") });
  });

  it.each(named(adminEndpoints))("lets an admin key through %s", async (_name, endpoint) => {
    const response = await call(endpoint, adminKey);
    // Past authentication: its own answer (revoking a key that does not exist is a 404).
    expect([200, 404]).toContain(response.status);
    if (response.status === 404) expect(await response.json()).toMatchObject({ error: "not_found" });
  });

  it("changes nothing when an api key tries: no key minted, the webhook secret the same", async () => {
    const before = await database.db.select().from(apiKeys);
    const secretBefore = (await ensureDefaultTeam(database.db)).webhookSecret;
    await app.request("/service-admin/keys", { method: "POST", headers: { "x-api-key": apiKey }, body: JSON.stringify({ name: "Mine", scope: "admin" }) });
    await app.request("/service-admin/webhook-secret", { method: "POST", headers: { "x-api-key": apiKey } });
    await app.request("/service-admin/team", { method: "PATCH", headers: { "x-api-key": apiKey }, body: JSON.stringify({ require_authorization: false }) });
    expect(await database.db.select().from(apiKeys)).toHaveLength(before.length);
    const team = await ensureDefaultTeam(database.db);
    expect(team.webhookSecret).toBe(secretBefore);
    expect(team.requireAuthorization).toBe(true);
  });

  it("lets an api key call the v1.3 endpoints", async () => {
    for (const key of [apiKey, adminKey]) {
      const response = await app.request("/v1.3/usage", { headers: { "x-api-key": key } });
      expect(response.status).toBe(200);
    }
  });

  it("creates api keys unless admin is asked for", async () => {
    const created = async (body: Record<string, unknown>) => {
      const response = await app.request("/service-admin/keys", { method: "POST", headers: { "x-api-key": adminKey }, body: JSON.stringify(body) });
      return ((await response.json()) as { key: { scope: string } }).key.scope;
    };
    expect(await created({ name: "Default" })).toBe("api");
    expect(await created({ name: "Asked", scope: "admin" })).toBe("admin");
    const refused = await app.request("/service-admin/keys", {
      method: "POST",
      headers: { "x-api-key": adminKey },
      body: JSON.stringify({ name: "Odd", scope: "root" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_request", message: expect.stringContaining("scope") });
  });

  it("gives the console's own key the admin scope at every start, upgrading one registered before scopes", async () => {
    const team = await ensureDefaultTeam(database.db);
    await ensureApiKey(database.db, team.id, CONSOLE_KEY, "Console", "api");
    expect((await authenticateApiKey(database.db, CONSOLE_KEY)).scope).toBe("api");
    await provisionEmbeddedService(database.db, { seedDemo: false });
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.name, "Console"));
    expect(row.scope).toBe("admin");
  });
});
