import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { newId } from "../../core/ids";
import { pageviews, teams, visitors } from "../../core/schema";
import type { Team } from "../../teams/team";
import type { ClientInfo } from "./client-info";

/** Test-only helpers of the visitor ingestion suites. */
export async function insertTeam(db: Db, settings: Partial<typeof teams.$inferInsert> = {}): Promise<Team> {
  const id = newId("t_", 12);
  const [team] = await db
    .insert(teams)
    .values({ id, name: `Team ${id}`, domain: "shop.example.com", publicKey: newId("pk_", 20), webhookSecret: "whsec_test", ...settings })
    .returning();
  return team;
}

/** One test file's migrated database with a team in it: opened before the file's tests, closed after them. */
export function databaseWithTeam(): { db: Db; team: Team } {
  const fixture = {} as { db: Db; team: Team };
  let close = async () => {};
  beforeAll(async () => {
    const database = await openTestDatabase();
    close = database.close;
    fixture.db = database.db;
    fixture.team = await insertTeam(database.db);
  });
  afterAll(() => close());
  return fixture;
}

export const desktopChrome: ClientInfo = { ipAddress: "203.0.113.7", browserName: "Chrome", deviceType: "desktop", deviceName: "Windows PC" };

export async function visitorRow(db: Db, shortId: string) {
  const [row] = await db.select().from(visitors).where(eq(visitors.shortId, shortId));
  return row;
}

export async function pageviewsOf(db: Db, shortId: string) {
  return db.select().from(pageviews).where(eq(pageviews.visitorId, shortId)).orderBy(pageviews.visitedAt, pageviews.id);
}

export const seconds = (from: Date, s: number) => new Date(from.getTime() + s * 1000);
