import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as onpremVisitor from "@/app/api/visitors/[visitorId]/route";
import * as onpremWatchUrl from "@/app/api/visitors/[visitorId]/watch_url/route";
import * as onpremSearch from "@/app/api/visitors/list/search/route";
import * as collectIdentify from "@/app/collect/identify/route";
import * as collectRegister from "@/app/collect/register/route";
import * as agentLookup from "@/app/v1.3/agents/lookup/route";
import * as list from "@/app/v1.3/list/route";
import * as onpremToken from "@/app/v1.3/onpremise/token/route";
import * as proxySessions from "@/app/v1.3/proxy_sessions/route";
import * as visitorsPurge from "@/app/v1.3/visitors/route";
import * as visitor from "@/app/v1.3/visitors/[visitorId]/route";
import * as session from "@/app/v1.3/visitors/[visitorId]/session/route";
import * as watchUrl from "@/app/v1.3/visitors/[visitorId]/watch_url/route";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { ensureApiKey, ensureDefaultTeam } from "../teams";
import { registerVisitor } from "../visitors-ingest";

// Every endpoint's handler, exactly as the server runs it, fed 1,000 generated bad inputs on a real
// database: each answer must be a 2xx or a 4xx envelope, never a 5xx. (e2e/api/robustness.spec.ts sends
// a smaller share through the running server, to cover Next's own request handling too.)
const holder = vi.hoisted(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
  process.env.REST_KEY = "fuzz-rest-key";
  return { db: undefined as Db | undefined };
});
vi.mock("@/lib/db", () => ({ getDb: async () => holder.db }));

const RUNS = 1000;
const KEY = "tk_fuzz_key_0123456789";
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let publicKey = "";
let visitorHeaders: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  holder.db = database.db;
  const team = await ensureDefaultTeam(database.db);
  await ensureApiKey(database.db, team.id, KEY, "Fuzz");
  publicKey = team.publicKey;
  const visitor = await registerVisitor(
    database.db,
    team,
    { url: "https://shop.example.com/" },
    { browserName: null, deviceName: null, deviceType: "desktop", ipAddress: "" },
  );
  visitorHeaders = { "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token };
});
afterAll(() => database.close());

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);
const body = fc.oneof(
  fc.string(), // not even JSON
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        agent: fc.oneof(junk, fc.record({ id: junk, name: junk })),
        metadata: junk,
        branding: junk,
        permissions: junk,
        options: junk,
        viewer: junk,
        webhook_url: junk,
        initial_notes: junk,
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record(
      { visitor_id: junk, agent: junk, licenseToken: junk, initial_url: junk, allowed_domains: junk, publicKey: junk, url: junk, tags: junk, uniqueId: junk },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);
const pathId = fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constant("A".repeat(300)), fc.constant(".."));
const query = fc.dictionary(
  fc.constantFrom("search", "max_results", "with_history", "all", "email", "external_id", "q", "name"),
  fc.string({ maxLength: 30 }),
  { maxKeys: 3 },
);

function request(method: string, searchParams: Record<string, string>, payload?: string, headers: Record<string, string> = {}): Request {
  const url = new URL("http://localhost/fuzz");
  for (const [name, value] of Object.entries(searchParams)) url.searchParams.set(name, value);
  return new Request(url, {
    method,
    body: payload,
    headers: { "x-api-key": KEY, authorization: "fuzz-rest-key", "content-type": "application/json", ...headers },
  });
}

async function expectNo5xx(
  name: string,
  handler: Handler,
  input: fc.Arbitrary<{ id: string; query: Record<string, string>; body?: string }>,
  method: string,
  headers?: Record<string, string>,
) {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(input, async ({ id, query: searchParams, body: payload }) => {
      const response = await handler(request(method, searchParams, payload, headers), { params: Promise.resolve({ visitorId: id }) });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 400) expect(await response.json()).toMatchObject({ status: "error", error: expect.any(String) });
      return response.status < 500;
    }),
    { numRuns: RUNS },
  );
  // The inputs must reach past authentication, or the property says nothing about parsing.
  expect(
    [...statuses.keys()].some((status) => status !== 401),
    `${name} answered only 401`,
  ).toBe(true);
}

const withBody = fc.record({ id: pathId, query, body });
const withoutBody = fc.record({ id: pathId, query });

describe(`${RUNS} generated bad inputs per endpoint never produce a 5xx`, { timeout: 300_000 }, () => {
  it("GET /v1.3/list", () => expectNo5xx("list", list.GET as Handler, withoutBody, "GET"));
  it("GET /v1.3/visitors/{id}", () => expectNo5xx("visitor", visitor.GET as Handler, withoutBody, "GET"));
  it("DELETE /v1.3/visitors/{id}", () => expectNo5xx("delete", visitor.DELETE as Handler, withoutBody, "DELETE"));
  it("DELETE /v1.3/visitors?all=", () =>
    expectNo5xx(
      "purge",
      visitorsPurge.DELETE as Handler,
      withoutBody.filter(({ query: q }) => q.all !== "true"),
      "DELETE",
    ));
  it("POST /v1.3/visitors/{id}/watch_url", () => expectNo5xx("watch_url", watchUrl.POST as Handler, withBody, "POST"));
  it("DELETE /v1.3/visitors/{id}/session", () => expectNo5xx("session", session.DELETE as Handler, withoutBody, "DELETE"));
  it("GET /v1.3/agents/lookup", () => expectNo5xx("lookup", agentLookup.GET as Handler, withoutBody, "GET"));
  it("POST /v1.3/proxy_sessions", () => expectNo5xx("proxy", proxySessions.POST as Handler, withBody, "POST"));
  it("POST /v1.3/onpremise/token", () => expectNo5xx("token", onpremToken.POST as Handler, withBody, "POST"));
  it("GET /api/visitors/list/search", () => expectNo5xx("onprem search", onpremSearch.GET as Handler, withoutBody, "GET"));
  it("GET /api/visitors/{id}", () => expectNo5xx("onprem visitor", onpremVisitor.GET as Handler, withoutBody, "GET"));
  it("POST /api/visitors/{id}/watch_url", () => expectNo5xx("onprem watch_url", onpremWatchUrl.POST as Handler, withBody, "POST"));
  // The visitor script's endpoints, with a real public key and a real visitor so the bodies get parsed.
  const withPublicKey = withBody.map((input) => {
    const parsed = (() => {
      try {
        return JSON.parse(input.body) as unknown;
      } catch {
        return null;
      }
    })();
    const fields = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
    return { ...input, body: JSON.stringify({ ...fields, publicKey }) };
  });
  it("POST /collect/register", () => expectNo5xx("register", collectRegister.POST as Handler, withPublicKey, "POST"));
  it("POST /collect/identify", () => expectNo5xx("identify", collectIdentify.POST as Handler, withBody, "POST", visitorHeaders));
});
