import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { ServiceError } from "../core/errors";
import type { Team } from "../teams/team";
import { writeHeartbeat } from "./ingest/write-heartbeat";
import { leaveVisitor } from "./ingest/leave";
import { registerVisitor } from "./ingest/register";
import { desktopChrome, insertTeam, visitorRow } from "./ingest/test-fixtures";
import { deleteVisitor, purgeOfflineVisitors } from "./delete";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let team: Team;
beforeAll(async () => {
  database = await openTestDatabase();
  team = await insertTeam(database.db);
});
afterAll(() => database.close());

const register = async () => (await registerVisitor(database.db, team, { url: "https://shop.example.com/" }, desktopChrome)).visitorId;

describe("deleting visitors", () => {
  it("refuses an online visitor with 409 and deletes nothing; deletes it once offline", async () => {
    const id = await register();
    const refused = await deleteVisitor(database.db, team.id, id).catch((error: ServiceError) => error);
    expect(refused).toMatchObject({ status: 409, code: "visitor_online" });
    expect(await visitorRow(database.db, id)).toBeDefined();
    await leaveVisitor(database.db, team, id);
    await deleteVisitor(database.db, team.id, id);
    expect(await visitorRow(database.db, id)).toBeUndefined();
    await expect(deleteVisitor(database.db, team.id, id)).rejects.toMatchObject({ status: 404, code: "visitor_not_found" });
  });

  it("never deletes another team's visitor", async () => {
    const other = await insertTeam(database.db);
    const id = (await registerVisitor(database.db, other, { url: "https://shop.example.com/" }, desktopChrome)).visitorId;
    await leaveVisitor(database.db, other, id);
    await expect(deleteVisitor(database.db, team.id, id)).rejects.toMatchObject({ status: 404 });
    expect(await purgeOfflineVisitors(database.db, team.id)).toBeGreaterThanOrEqual(0);
    expect(await visitorRow(database.db, id)).toBeDefined();
  });

  it("purges only offline visitors, and one that comes online during the purge is never deleted", async () => {
    for (let round = 0; round < 20; round++) {
      const staying = await register();
      const racing = await register();
      const leaving = await register();
      await leaveVisitor(database.db, team, racing);
      await leaveVisitor(database.db, team, leaving);

      // The heartbeat and the purge race; whichever commits first, a visitor the heartbeat brought
      // online must still exist, and a visitor that was offline when the purge ran is gone.
      const [purged, heartbeat] = await Promise.all([
        purgeOfflineVisitors(database.db, team.id),
        writeHeartbeat(database.db, team, racing).then(
          () => "online" as const,
          (error: ServiceError) => (error.status === 404 ? ("deleted first" as const) : Promise.reject(error)),
        ),
      ]);
      expect(purged).toBeGreaterThanOrEqual(1);
      expect(await visitorRow(database.db, staying)).toBeDefined();
      expect(await visitorRow(database.db, leaving)).toBeUndefined();
      if (heartbeat === "online") expect(await visitorRow(database.db, racing)).toBeDefined();
      else expect(await visitorRow(database.db, racing)).toBeUndefined();
      await leaveVisitor(database.db, team, staying);
      await purgeOfflineVisitors(database.db, team.id);
    }
  });
});
