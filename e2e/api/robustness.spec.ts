import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { ENDPOINTS } from "../../lib/contract/endpoints";
import { fuzzRequests, hostileJsonRequests, type FuzzCredentials } from "../../lib/service/routes/fuzz-requests";
import { createWatchLink, openAgent } from "../live/live-helpers";
import { apiClient, embeddedApiKey, expectError, publicKey, registerVisitor } from "../support/api";
import { startServer, type RunningServer } from "../support/server";

// Malformed requests never produce a 5xx: every endpoint of the registry answers a 4xx envelope (or a
// 2xx) instead. lib/service/routes/fuzz.db.test.ts sends 300 per endpoint straight to the service's app;
// this sends a share of the same requests through the running server, whose HTTP layers they cross too.
let server: RunningServer;
let api: APIRequestContext;
let credentials: FuzzCredentials;
const REST_KEY = "robustness-rest-key";

test.beforeAll(async ({ browser }) => {
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0", REST_KEY } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
  const visitor = await registerVisitor(api);
  const agent = await openAgent(browser, await createWatchLink(api, visitor.visitorId));
  credentials = {
    apiKey: embeddedApiKey(server.dataDir),
    restKey: REST_KEY,
    publicKey: await publicKey(api),
    visitor: { visitorId: visitor.visitorId, token: visitor.token },
    viewerToken: agent.token(),
    sessionId: agent.sessionId(),
    recordingToken: `${agent.sessionId()}.not-signed`,
  };
  await agent.close();
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const RUNS = 12;

test(`${RUNS} malformed requests per endpoint of the registry get a 4xx envelope, never a 5xx`, async () => {
  test.setTimeout(240_000);
  const failures: string[] = [];
  let authenticated = 0;
  let sent = 0;
  for (const endpoint of ENDPOINTS) {
    for (const request of fc.sample(fuzzRequests(endpoint, credentials), RUNS)) {
      const controller = new AbortController();
      const response = await fetch(`${server.url}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      });
      sent++;
      if (response.status !== 401) authenticated++;
      if (response.headers.get("content-type")?.startsWith("text/event-stream")) controller.abort();
      else {
        const text = await response.text();
        if (response.status >= 500) failures.push(`${response.status} ${request.method} ${request.url}: ${text.slice(0, 200)}`);
        else if (response.status >= 400 && !/^\{"status":"error","error":"\w+"/.test(text))
          failures.push(`no envelope: ${request.method} ${request.url}: ${text.slice(0, 200)}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // They got past authentication: the property is about what lies behind it.
  expect(authenticated).toBeGreaterThan(sent / 2);
});

test("JSON nested 5,000 levels deep or 100,000 items wide gets a 4xx envelope on every endpoint with a body", async () => {
  const failures: string[] = [];
  for (const endpoint of ENDPOINTS) {
    for (const request of hostileJsonRequests(endpoint, credentials)) {
      const response = await fetch(`${server.url}${request.url}`, { method: request.method, headers: request.headers, body: request.body });
      const text = await response.text();
      const where = `${response.status} ${request.method} ${request.url} (${request.shape}): ${text.slice(0, 200)}`;
      if (response.status < 400 || response.status >= 500 || !/^\{"status":"error","error":"\w+"/.test(text)) failures.push(where);
      else if (request.shape.startsWith("deep") && !text.includes("nested too deeply")) failures.push(`not refused for its depth: ${where}`);
    }
  }
  expect(failures).toEqual([]);
});

test("a secret key over its rate limit gets 429 with Retry-After", async () => {
  const limited = await startServer({ env: { TANDEM_DEMO_SEED: "0", API_RATE_LIMIT_PER_MINUTE: "5" } });
  const client = await apiClient(limited.url, embeddedApiKey(limited.dataDir));
  try {
    // The window is a calendar minute: crossing into the next one mid-test resets the count once.
    let refused;
    let allowed = 0;
    for (let i = 0; i < 20 && !refused; i++) {
      const response = await client.get("/v1.3/usage");
      if (response.status() === 429) refused = response;
      else if (response.status() === 200) allowed++;
    }
    expect(allowed).toBeGreaterThanOrEqual(5);
    expect(allowed).toBeLessThanOrEqual(10);
    await expectError(refused!, 429, "rate_limited");
    expect(Number(refused!.headers()["retry-after"])).toBeGreaterThan(0);
  } finally {
    await client.dispose();
    await limited.stop();
  }
});

test("a path that does not decode is a 400 everywhere, pages, route handlers and the service alike", async ({ request }) => {
  for (const path of ["/watch/%ZZ", "/reset-password/%ZZ", "/api/auth/%ZZ", "/api/console/visitors/%ZZ", "/demo/%E0%A4%A", "/login%C0%AF"]) {
    const response = await request.get(`${server.url}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toBe("Bad request: The path is not valid percent-encoding.\n");
  }
  const service = await request.get(`${server.url}/v1.3/visitors/%ZZ`, { headers: { "X-Api-Key": credentials.apiKey } });
  expect(service.status()).toBe(400);
  expect(await service.json()).toMatchObject({ status: "error", error: "invalid_request" });
  // A path that decodes goes on as before.
  expect((await request.get(`${server.url}/watch/%41bc`, { maxRedirects: 0 })).status()).toBeLessThan(500);
});
