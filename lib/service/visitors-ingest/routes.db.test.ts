import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as heartbeat from "@/app/collect/heartbeat/route";
import * as identify from "@/app/collect/identify/route";
import * as leave from "@/app/collect/leave/route";
import * as pageview from "@/app/collect/pageview/route";
import * as register from "@/app/collect/register/route";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import type { Team } from "../teams";
import { insertTeam, visitorRow } from "./test-fixtures";

// The route wrapper opens the process database (vi.mock is hoisted above the imports): use this file's instead.
const holder = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock("@/lib/db", () => ({ getDb: async () => holder.db }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let team: Team;
beforeAll(async () => {
  database = await openTestDatabase();
  holder.db = database.db;
  team = await insertTeam(database.db);
});
afterAll(() => database.close());

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
type Handler = (request: Request, context: object) => Promise<Response>;

async function call(handler: Handler, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/collect", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handler(request, {});
  expect(response.headers.get("access-control-allow-origin")).toBe("*"); // errors included
  return { status: response.status, json: await response.json() };
}

async function registered() {
  const { json } = await call(
    register.POST,
    { publicKey: team.publicKey, url: "https://shop.example.com/" },
    { "user-agent": IPHONE, "x-forwarded-for": "198.51.100.4" },
  );
  return { json, headers: { "x-visitor-id": json.visitorId, "x-visitor-token": json.token } };
}

describe("/collect routes", () => {
  it("answer the CORS preflight of every route", () => {
    for (const route of [register, identify, heartbeat, pageview, leave]) {
      const response = route.OPTIONS();
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-headers")).toContain("x-visitor-token");
    }
  });

  it("register a visitor from the request's user agent and address", async () => {
    const { json } = await registered();
    expect(json).toMatchObject({
      status: "ok",
      visitorId: expect.any(String),
      token: expect.any(String),
      lookupCode: expect.stringMatching(/^\d{4}$/),
      heartbeatSeconds: 15,
    });
    expect(json.settings).toEqual({ requireAuthorization: false, maskingSelectors: [] });
    expect(await visitorRow(database.db, json.visitorId)).toMatchObject({
      deviceType: "mobile",
      deviceName: "iPhone",
      browserName: "Mobile Safari",
      ipAddress: "198.51.100.4",
    });
  });

  it("refuse an unknown public key with 401 and malformed input with 400 naming the field", async () => {
    expect(await call(register.POST, { publicKey: "pk_nope", url: "https://shop.example.com/" })).toMatchObject({
      status: 401,
      json: { error: "invalid_api_key" },
    });
    const badUrl = await call(register.POST, { publicKey: team.publicKey, url: "javascript:alert(1)" });
    expect(badUrl).toMatchObject({ status: 400, json: { status: "error", error: "invalid_request" } });
    expect(badUrl.json.message).toContain("url");
    expect(await call(register.POST, "{oops")).toMatchObject({ status: 400, json: { error: "invalid_request" } });

    const { headers } = await registered();
    const noUrl = await call(pageview.POST, { title: "x" }, headers);
    expect(noUrl).toMatchObject({ status: 400, json: { error: "invalid_request" } });
  });

  it("take identity, heartbeats and pageviews from the visitor that holds the token", async () => {
    const { json, headers } = await registered();
    expect(await call(identify.POST, { callName: "Jane", tags: ["#vip"] }, headers)).toEqual({ status: 200, json: { status: "ok" } });
    const badTag = await call(identify.POST, { tags: ["vip"] }, headers);
    expect(badTag).toMatchObject({ status: 400, json: { error: "invalid_request" } });
    expect(badTag.json.message).toContain("tags");
    expect(await call(heartbeat.POST, "", headers)).toEqual({ status: 200, json: { status: "ok", lookupCode: json.lookupCode } });
    expect(await call(pageview.POST, { url: "https://shop.example.com/cart" }, headers)).toEqual({ status: 200, json: { status: "ok" } });
    expect(await visitorRow(database.db, json.visitorId)).toMatchObject({ callName: "Jane", tags: ["#vip"], lastUrl: "https://shop.example.com/cart" });

    expect(await call(heartbeat.POST, "", { ...headers, "x-visitor-token": "stolen?" })).toMatchObject({
      status: 401,
      json: { error: "invalid_visitor_token" },
    });
  });

  it("take a sendBeacon leave: text/plain, credentials in the body, offline at once", async () => {
    const { json } = await registered();
    const beacon = JSON.stringify({ visitorId: json.visitorId, token: json.token });
    expect(await call(leave.POST, beacon, { "content-type": "text/plain;charset=UTF-8" })).toEqual({ status: 200, json: { status: "ok" } });
    expect((await visitorRow(database.db, json.visitorId)).onlineUntil <= new Date()).toBe(true);
  });
});
