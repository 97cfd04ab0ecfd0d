import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { newId } from "../core/ids";
import { signViewerToken } from "../live/viewer-token";
import { sessions } from "../core/schema";
import type { Team } from "../teams/team";
import { insertTeam } from "../visitors/ingest/test-fixtures";
import { InProcessRateLimiter, type Bucket } from "./rate-limit";
import { startTestService, type TestService } from "../routes/test-service";

// Every public path has its allowance: /collect per client address and per site (public key), the live
// endpoints per visitor and per viewer. Small allowances here; one proxy in front, so X-Forwarded-For's
// last entry is the client's address.
vi.hoisted(() => {
  Object.assign(process.env, {
    TRUSTED_PROXIES: "loopback",
    REGISTRATION_RATE_LIMIT_PER_MINUTE: "3",
    VISITOR_RATE_LIMIT_PER_MINUTE: "6",
    SITE_RATE_LIMIT_PER_MINUTE: "10",
    LIVE_RATE_LIMIT_PER_MINUTE: "4",
    API_RATE_LIMIT_PER_MINUTE: "2",
    LINK_SIGNING_SECRET: "rate-limit-test-link-signing-secret-0123456789",
  });
});

// Mid-window, whenever the test runs: a calendar minute's turn must not reset a count halfway.
const NOW = 1_000 * 60_000 + 20_000;
const limiter = new InProcessRateLimiter();
const fixedClock = { take: (buckets: readonly Bucket[]) => limiter.take(buckets, NOW) };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let service: TestService;
beforeAll(async () => {
  database = await openTestDatabase();
  service = await startTestService(database.db, { limiter: () => fixedClock });
});
afterAll(async () => {
  await service.close();
  await database.close();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

function post(path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${service.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

const register = (team: Team, address: string) =>
  post("/collect/register", { publicKey: team.publicKey, url: "https://shop.example.com/" }, { "x-forwarded-for": address });

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(await response.json()).toMatchObject({ status: "error", error: "rate_limited" });
  expect(Number(response.headers.get("retry-after"))).toBe(40);
}

describe("rate limits", () => {
  it("let one address register REGISTRATION_RATE_LIMIT_PER_MINUTE visitors a minute, then 429 with Retry-After; other addresses go on", async () => {
    const team = await insertTeam(database.db);
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await register(team, address)).status).toBe(200);
    const refused = await register(team, address);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    // The visitor script on the customer's site reads when to ask again.
    expect(refused.headers.get("access-control-expose-headers")).toBe("retry-after");
    await expectLimited(refused);
    expect((await register(team, newAddress())).status).toBe(200);
  });

  it("let one address make VISITOR_RATE_LIMIT_PER_MINUTE requests a minute on /collect, whatever the credentials", async () => {
    const team = await insertTeam(database.db);
    const address = newAddress();
    const visitor = await (await register(team, address)).json();
    const headers = { "x-forwarded-for": address, "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token };
    for (let i = 0; i < 5; i++) expect((await post("/collect/heartbeat", {}, headers)).status).toBe(200);
    await expectLimited(await post("/collect/heartbeat", {}, headers));
    // Made-up credentials are counted before they are looked up.
    await expectLimited(await post("/collect/heartbeat", {}, { "x-forwarded-for": address, "x-visitor-id": "MADEUP00", "x-visitor-token": "x" }));
  });

  it("let a visitor identify a twentieth of VISITOR_RATE_LIMIT_PER_MINUTE times a minute, from whichever address", async () => {
    const team = await insertTeam(database.db);
    const identify = (visitor: { visitorId: string; token: string }) =>
      post("/collect/identify", { callName: "Jo" }, { "x-forwarded-for": newAddress(), "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token });
    const visitor = await (await register(team, newAddress())).json();
    expect((await identify(visitor)).status).toBe(200);
    await expectLimited(await identify(visitor));
    // Another visitor of the same site goes on.
    expect((await identify(await (await register(team, newAddress())).json())).status).toBe(200);
  });

  it("let one site (public key) make SITE_RATE_LIMIT_PER_MINUTE requests a minute on /collect, from all addresses together", async () => {
    const site = await insertTeam(database.db);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(site, newAddress())).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect((await register(await insertTeam(database.db), newAddress())).status).toBe(200);
  });

  it("stop made-up secret keys from one address after ten keys' worth, before each is looked up", async () => {
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const response = await fetch(`${service.url}/v1.3/usage`, { headers: { "x-forwarded-for": address, "x-api-key": `tk_made_up_${i}` } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  });

  it("let a visitor in a session post LIVE_RATE_LIMIT_PER_MINUTE batches a minute, and a viewer use as many tools", async () => {
    const team = await insertTeam(database.db);
    const visitor = await (await register(team, newAddress())).json();
    const sessionId = newId("s_", 16);
    await database.db.insert(sessions).values({ id: sessionId, teamId: team.id, visitorId: visitor.visitorId });
    const visitorHeaders = { "x-forwarded-for": newAddress(), "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token };
    const batch = { sessionId, seq: 1, events: [] };
    for (let i = 0; i < 4; i++) expect((await post("/collect/live/events", batch, visitorHeaders)).status).not.toBe(429);
    await expectLimited(await post("/collect/live/events", batch, visitorHeaders));

    const viewer = { "x-forwarded-for": newAddress(), authorization: `Bearer ${await signViewerToken({ sessionId, agentId: "u_1" })}` };
    for (let i = 0; i < 4; i++) expect((await post(`/live/sessions/${sessionId}/control`, { tool: "pointer", x: 1, y: 1 }, viewer)).status).toBe(200);
    await expectLimited(await post(`/live/sessions/${sessionId}/control`, { tool: "pointer", x: 1, y: 1 }, viewer));
    // Another agent of the same session has an allowance of its own.
    const colleague = { "x-forwarded-for": newAddress(), authorization: `Bearer ${await signViewerToken({ sessionId, agentId: "u_2" })}` };
    expect((await post(`/live/sessions/${sessionId}/control`, { tool: "pointer", x: 1, y: 1 }, colleague)).status).toBe(200);
  });
});
