import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { identifyVisitor } from "./identify";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function newVisitor() {
  const team = await insertTeam(database.db);
  const { visitorId } = await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome);
  return { team, visitorId };
}

const full = {
  uniqueId: "user-123",
  identities: ["Jane Cooper", "jane@example.com", "jane@example.com"],
  tags: ["#vip", "#churn-risk"],
  integrationIds: ["acmechat:1234"],
  callName: "Jane",
};

describe("identifyVisitor", () => {
  it("sets every field, takes the email from the identities and makes them searchable", async () => {
    const { team, visitorId } = await newVisitor();
    await identifyVisitor(database.db, team, visitorId, full);
    const row = await visitorRow(database.db, visitorId);
    expect(row).toMatchObject({
      uniqueId: "user-123",
      identities: ["Jane Cooper", "jane@example.com"],
      email: "jane@example.com",
      tags: ["#vip", "#churn-risk"],
      integrationIds: ["acmechat:1234"],
      callName: "Jane",
    });
    expect(row.searchText).toContain("jane@example.com");
    expect(row.searchText).toContain("user-123");
  });

  it("keeps the fields left out and clears those sent as null", async () => {
    const { team, visitorId } = await newVisitor();
    await identifyVisitor(database.db, team, visitorId, full);
    await identifyVisitor(database.db, team, visitorId, { tags: null, callName: null, uniqueId: "user-456" });
    expect(await visitorRow(database.db, visitorId)).toMatchObject({
      uniqueId: "user-456",
      identities: ["Jane Cooper", "jane@example.com"],
      email: "jane@example.com",
      tags: [],
      integrationIds: ["acmechat:1234"],
      callName: null,
    });

    await identifyVisitor(database.db, team, visitorId, { identities: null });
    const cleared = await visitorRow(database.db, visitorId);
    expect(cleared).toMatchObject({ identities: [], email: null, uniqueId: "user-456" });
    expect(cleared.searchText).not.toContain("jane@example.com");
  });

  it("rejects a bad tag or integration id with a 400 naming it, and writes nothing", async () => {
    const { team, visitorId } = await newVisitor();
    await identifyVisitor(database.db, team, visitorId, full);
    await expect(identifyVisitor(database.db, team, visitorId, { callName: "Changed", tags: ["#ok", "vip"] })).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
      message: expect.stringContaining("tags[1]"),
    });
    await expect(identifyVisitor(database.db, team, visitorId, { integrationIds: ["ab:1"] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("integrationIds[0]"),
    });
    expect(await visitorRow(database.db, visitorId)).toMatchObject({ callName: "Jane", tags: ["#vip", "#churn-risk"], integrationIds: ["acmechat:1234"] });
  });

  it("changes only a visitor of the caller's team", async () => {
    const { visitorId } = await newVisitor();
    const stranger = await insertTeam(database.db);
    await expect(identifyVisitor(database.db, stranger, visitorId, { callName: "Mallory" })).rejects.toMatchObject({ status: 404 });
    expect((await visitorRow(database.db, visitorId)).callName).toBeNull();
  });
});
