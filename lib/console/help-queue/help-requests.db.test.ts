import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { consoleUsers } from "../schema";
import { claimHelpRequest, releaseHelpRequest, syncHelpRequests } from "./help-requests";
import { helpAlertsEnabled, setHelpAlerts } from "./preferences";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(consoleUsers).values([
    { id: "u_ada", email: "ada@example.com", name: "Ada", role: "agent", passwordHash: "x" },
    { id: "u_bob", email: "bob@example.com", name: "Bob", role: "agent", passwordHash: "x" },
  ]);
});
afterAll(() => database.close());

const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 9, 0, s));

describe("the console's help requests", () => {
  it("orders oldest first (the API's waiting_since, else first sighting) and drops those no longer waiting", async () => {
    const { db } = database;
    await syncHelpRequests(db, [{ id: "LATE", waitingSince: null }], at(10));
    const queue = await syncHelpRequests(
      db,
      [
        { id: "LATE", waitingSince: null },
        { id: "EARLY", waitingSince: at(1) },
      ],
      at(20),
    );
    expect(queue.map((request) => [request.visitorId, request.requestedAt])).toEqual([
      ["EARLY", at(1)],
      ["LATE", at(10)],
    ]);
    expect(await syncHelpRequests(db, [{ id: "EARLY", waitingSince: at(1) }], at(30))).toMatchObject([{ visitorId: "EARLY" }]);
    // LATE was dropped: asking again later is a new request at the back of the queue.
    expect(
      (
        await syncHelpRequests(
          db,
          [
            { id: "LATE", waitingSince: null },
            { id: "EARLY", waitingSince: at(1) },
          ],
          at(40),
        )
      ).map((r) => r.visitorId),
    ).toEqual(["EARLY", "LATE"]);
  });

  it("keeps a request a racing, older read did not see", async () => {
    const { db } = database;
    await syncHelpRequests(db, [{ id: "RACE", waitingSince: null }], at(50));
    // A read that started before RACE was seen, answering after: it must not drop it.
    await syncHelpRequests(db, [], at(45));
    expect((await syncHelpRequests(db, [{ id: "RACE", waitingSince: null }], at(55)))[0]).toMatchObject({ visitorId: "RACE", requestedAt: at(50) });
  });

  it("lets one agent claim a request; the other sees who took it, and only the claimer hands it back", async () => {
    const { db } = database;
    const visitor = { id: "CLAIM", waitingSince: at(60) };
    const [ada, bob] = await Promise.all([claimHelpRequest(db, visitor, "u_ada"), claimHelpRequest(db, visitor, "u_bob")]);
    expect([ada.ok, bob.ok].sort()).toEqual([false, true]);
    const winner = ada.ok ? "u_ada" : "u_bob";
    const loser = ada.ok ? bob : ada;
    expect(loser).toEqual({ ok: false, claimedBy: winner === "u_ada" ? "Ada" : "Bob" });
    expect(await claimHelpRequest(db, visitor, winner)).toEqual({ ok: true });

    const [record] = (await syncHelpRequests(db, [visitor], at(61))).filter((request) => request.visitorId === "CLAIM");
    expect(record.claimedBy?.id).toBe(winner);

    const other = winner === "u_ada" ? "u_bob" : "u_ada";
    expect(await releaseHelpRequest(db, "CLAIM", other)).toBe(false);
    expect(await releaseHelpRequest(db, "CLAIM", winner)).toBe(true);
    expect(await claimHelpRequest(db, visitor, other)).toEqual({ ok: true });
  });

  it("remembers each user's alert preference, on by default", async () => {
    const { db } = database;
    expect(await helpAlertsEnabled(db, "u_ada")).toBe(true);
    await setHelpAlerts(db, "u_ada", false);
    expect(await helpAlertsEnabled(db, "u_ada")).toBe(false);
    expect(await helpAlertsEnabled(db, "u_bob")).toBe(true);
    await setHelpAlerts(db, "u_ada", true);
    expect(await helpAlertsEnabled(db, "u_ada")).toBe(true);
  });
});
