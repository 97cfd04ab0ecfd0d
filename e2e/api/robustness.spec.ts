import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { apiClient, embeddedApiKey, expectError } from "../support/api";
import { startServer, type RunningServer } from "../support/server";

// Generated bad input never produces a 5xx: every endpoint answers a 4xx envelope (or a 2xx) instead.
// lib/service/http/fuzz.db.test.ts sends 1,000 per endpoint straight to the handlers; this sends a share
// through the running server, so Next's own routing and body handling are covered too.
let server: RunningServer;
let api: APIRequestContext;
test.beforeAll(async () => {
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0", API_RATE_LIMIT_PER_MINUTE: "1000000", REST_KEY: "robustness-rest-key" } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const RUNS = 60;
const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 })), { maxKeys: 4 }),
);
const body = fc.oneof(
  fc.object({ maxDepth: 3 }),
  fc.record(
    { agent: fc.oneof(junk, fc.record({ id: junk, name: junk })), metadata: junk, branding: junk, permissions: junk, webhook_url: junk },
    { requiredKeys: [] },
  ),
  fc.record({ visitor_id: junk, agent: junk, licenseToken: junk, initial_url: junk, allowed_domains: junk }, { requiredKeys: [] }),
);
const pathId = fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constant("A".repeat(300)));
const queryValue = fc.string({ maxLength: 40 });

async function sendAll(requests: Array<() => Promise<{ status(): number; url(): string }>>) {
  const failures: string[] = [];
  for (let i = 0; i < requests.length; i += 16) {
    const responses = await Promise.all(requests.slice(i, i + 16).map((send) => send()));
    for (const response of responses) if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
  }
  expect(failures).toEqual([]);
}

test("fuzzed bodies, queries and path ids get 4xx, never 5xx, on every endpoint", async () => {
  test.setTimeout(180_000);
  const id = (value: string) => encodeURIComponent(value);
  const json = (value: unknown) => ({ data: JSON.stringify(value), headers: { "content-type": "application/json" } });
  await sendAll([
    ...fc.sample(queryValue, RUNS).map((q) => () => api.get(`/v1.3/list?search=${id(q)}&max_results=${id(q)}`)),
    ...fc.sample(fc.tuple(pathId, queryValue), RUNS).map(
      ([visitor, q]) =>
        () =>
          api.get(`/v1.3/visitors/${id(visitor)}?with_history=${id(q)}`),
    ),
    ...fc.sample(fc.tuple(pathId, body), RUNS).map(
      ([visitor, payload]) =>
        () =>
          api.post(`/v1.3/visitors/${id(visitor)}/watch_url`, json(payload)),
    ),
    ...fc.sample(pathId, RUNS).map((visitor) => () => api.delete(`/v1.3/visitors/${id(visitor)}/session`)),
    ...fc.sample(pathId, RUNS).map((visitor) => () => api.delete(`/v1.3/visitors/${id(visitor)}`)),
    ...fc.sample(queryValue, RUNS).map((q) => () => api.delete(`/v1.3/visitors?all=${id(q)}`)),
    ...fc.sample(fc.tuple(queryValue, queryValue), RUNS).map(
      ([a, b]) =>
        () =>
          api.get(`/v1.3/agents/lookup?email=${id(a)}&${id(b)}=${id(a)}`),
    ),
    ...fc.sample(body, RUNS).map((payload) => () => api.post("/v1.3/proxy_sessions", json(payload))),
    ...fc.sample(body, RUNS).map((payload) => () => api.post("/v1.3/onpremise/token", json(payload))),
    ...fc
      .sample(fc.string({ maxLength: 200 }), RUNS)
      .map((raw) => () => api.post("/v1.3/onpremise/token", { data: raw, headers: { "content-type": "application/json" } })),
    ...fc.sample(fc.tuple(pathId, body), RUNS).map(
      ([visitor, payload]) =>
        () =>
          api.post(`/api/visitors/${id(visitor)}/watch_url`, {
            ...json(payload),
            headers: { "content-type": "application/json", authorization: "robustness-rest-key" },
          }),
    ),
    ...fc.sample(queryValue, RUNS).map((q) => () => api.get(`/api/visitors/list/search?q=${id(q)}`, { headers: { authorization: "robustness-rest-key" } })),
    ...fc.sample(body, RUNS).map((payload) => () => api.post("/collect/register", json(payload))),
    ...fc
      .sample(body, RUNS)
      .map(
        (payload) => () =>
          api.post("/collect/identify", { ...json(payload), headers: { "content-type": "application/json", "x-visitor-id": "X", "x-visitor-token": "Y" } }),
      ),
  ]);
});

test("a key over its rate limit gets 429 with Retry-After", async () => {
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
