import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENDPOINTS } from "@/lib/contract/endpoints";
import { openTestDatabase } from "@/lib/testing/test-database";
import { newId } from "../core/ids";
import { recordingToken } from "../sessions/recording-token";
import { signViewerToken } from "../live/viewer-token";
import { sessions } from "../core/schema";
import { ensureApiKey, ensureDefaultTeam } from "../teams/team";
import { createServiceApp } from ".";
import { fuzzRequests, hostileJsonRequests, type FuzzCredentials } from "./fuzz-requests";

// Every endpoint of the registry, fed generated malformed requests that carry valid credentials, on a
// real database: each answer is a 2xx or a 4xx in the envelope, never a 5xx. The end-to-end
// robustness spec sends a share of the same requests through the running server.
vi.hoisted(() => {
  for (const name of ["API", "VISITOR", "REGISTRATION", "SITE", "LIVE"]) process.env[`${name}_RATE_LIMIT_PER_MINUTE`] = "100000000";
  process.env.REST_KEY = "fuzz-rest-key";
  process.env.LINK_SIGNING_SECRET = "fuzz-test-link-signing-secret-0123456789abcdef";
});

const RUNS = 300;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: ReturnType<typeof createServiceApp>["app"];
let credentials: FuzzCredentials;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createServiceApp({ db: async () => database.db }).app;
  const team = await ensureDefaultTeam(database.db);
  const apiKey = "tk_fuzz_key_0123456789";
  await ensureApiKey(database.db, team.id, apiKey, "Fuzz", "admin");
  const registered = await app.request("/collect/register", {
    method: "POST",
    body: JSON.stringify({ publicKey: team.publicKey, url: "https://shop.example.com/" }),
  });
  const visitor = (await registered.json()) as { visitorId: string; token: string };
  const sessionId = newId("s_", 16);
  await database.db.insert(sessions).values({ id: sessionId, teamId: team.id, visitorId: visitor.visitorId, videoStatus: "recording" });
  credentials = {
    apiKey,
    restKey: "fuzz-rest-key",
    publicKey: team.publicKey,
    visitor: { visitorId: visitor.visitorId, token: visitor.token },
    viewerToken: await signViewerToken({ sessionId, agentId: "u_fuzz" }),
    sessionId,
    recordingToken: recordingToken(sessionId, new Date(Date.now() + 3_600_000)),
  };
});
afterAll(() => database.close());

describe(`${RUNS} malformed requests per endpoint never produce a 5xx`, { timeout: 300_000 }, () => {
  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const))("%s", async (_name, endpoint) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequests(endpoint, credentials), async (request) => {
        const response = await app.request(request.url, { method: request.method, headers: request.headers, body: request.body });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
        else if (response.status >= 400) expect(await response.json()).toMatchObject({ status: "error", error: expect.any(String) });
        else await response.arrayBuffer();
        return response.status < 500;
      }),
      { numRuns: RUNS },
    );
    // The requests must get past authentication, or the property says nothing about what lies behind it.
    expect(statuses.get(401) ?? 0, `answers: ${JSON.stringify(Object.fromEntries(statuses))}`).toBeLessThan(RUNS / 2);
  });
});

describe("JSON nested 5,000 levels deep or 100,000 items wide gets a 4xx envelope", () => {
  const withBody = ENDPOINTS.filter((endpoint) => endpoint.body);
  it.each(withBody.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const))("%s", async (_name, endpoint) => {
    for (const request of hostileJsonRequests(endpoint, credentials)) {
      const response = await app.request(request.url, { method: request.method, headers: request.headers, body: request.body });
      const answer = await response.json();
      expect(response.status, request.shape).toBeGreaterThanOrEqual(400);
      expect(response.status, request.shape).toBeLessThan(500);
      expect(answer, request.shape).toMatchObject({ status: "error", error: expect.any(String) });
      // Refused for its depth before anything (authentication included) reads it.
      if (request.shape.startsWith("deep"))
        expect(answer, request.shape).toEqual({ status: "error", error: "invalid_request", message: expect.stringMatching(/^body: nested too deeply/) });
    }
  });
});
