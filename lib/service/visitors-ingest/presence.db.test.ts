import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { authenticatedVisitorId, beaconVisitorAuth, publicKeyAuth, visitorAuth } from "./auth";
import { heartbeatVisitor } from "./heartbeat";
import { leaveVisitor } from "./leave";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, seconds, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const post = (headers: Record<string, string>, body?: unknown) =>
  new Request("http://localhost/collect/x", { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });

describe("online state", () => {
  it("stays online while heartbeats arrive and goes offline at once on leave", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 60_000);
    const { visitorId, lookupCode } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, start);

    const beat = seconds(start, 25);
    expect(await heartbeatVisitor(database.db, team, visitorId, beat)).toEqual({ lookupCode });
    const beaten = await visitorRow(database.db, visitorId);
    expect(beaten.onlineUntil.getTime()).toBe(seconds(beat, 30).getTime());
    expect(beaten.lastSeenAt.getTime()).toBe(beat.getTime());

    const now = new Date();
    await heartbeatVisitor(database.db, team, visitorId, now);
    expect((await visitorRow(database.db, visitorId)).onlineUntil > new Date()).toBe(true);

    await leaveVisitor(database.db, team, visitorId);
    expect((await visitorRow(database.db, visitorId)).onlineUntil <= new Date()).toBe(true);
  });

  it("does not move the moment an already offline visitor left when a late beacon arrives", async () => {
    const team = await insertTeam(database.db);
    const start = new Date(Date.now() - 600_000);
    const { visitorId } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome, start);
    await leaveVisitor(database.db, team, visitorId);
    expect((await visitorRow(database.db, visitorId)).onlineUntil.getTime()).toBe(seconds(start, 30).getTime());
  });
});

describe("authenticators", () => {
  it("finds the team by the public key in the register body, else 401 invalid_api_key", async () => {
    const team = await insertTeam(database.db);
    expect((await publicKeyAuth(post({}, { publicKey: team.publicKey, url: "https://a.example/" }), database.db)).id).toBe(team.id);
    await expect(publicKeyAuth(post({}, { publicKey: "pk_unknown" }), database.db)).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
    await expect(publicKeyAuth(post({}, {}), database.db)).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
    await expect(publicKeyAuth(new Request("http://localhost/", { method: "POST", body: "{not json" }), database.db)).rejects.toMatchObject({ status: 400 });
  });

  it("leaves the body for the wrapper to read after peeking at the public key", async () => {
    const team = await insertTeam(database.db);
    const request = post({}, { publicKey: team.publicKey });
    await publicKeyAuth(request, database.db);
    expect(JSON.parse(await request.text())).toEqual({ publicKey: team.publicKey });
  });

  it("accepts the visitor's id and token headers and nothing else", async () => {
    const team = await insertTeam(database.db);
    const { visitorId, token } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
    const request = post({ "x-visitor-id": visitorId, "x-visitor-token": token });
    expect((await visitorAuth(request, database.db)).id).toBe(team.id);
    expect(authenticatedVisitorId(request)).toBe(visitorId);

    const refused: Array<Record<string, string>> = [
      { "x-visitor-id": visitorId, "x-visitor-token": `${token}x` },
      { "x-visitor-id": "NOSUCHID", "x-visitor-token": token },
      { "x-visitor-id": visitorId },
    ];
    for (const headers of refused) {
      await expect(visitorAuth(post(headers), database.db)).rejects.toMatchObject({ status: 401, code: "invalid_visitor_token" });
    }
  });

  it("takes the id and token from a beacon's text/plain body, which cannot carry headers", async () => {
    const team = await insertTeam(database.db);
    const { visitorId, token } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
    const beacon = post({ "content-type": "text/plain;charset=UTF-8" }, { visitorId, token });
    expect((await beaconVisitorAuth(beacon, database.db)).id).toBe(team.id);
    expect(authenticatedVisitorId(beacon)).toBe(visitorId);
    await expect(beaconVisitorAuth(post({}, { visitorId, token: "wrong" }), database.db)).rejects.toMatchObject({ status: 401 });
  });
});
