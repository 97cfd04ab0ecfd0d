import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { provisionEmbeddedService } from "../boot";
import { newId } from "../core/ids";
import { sessions, teams } from "../core/schema";
import { defaultTeam } from "./team";
import { insertTeam } from "../visitors/ingest/test-fixtures";

// Consent by default: a new team, the demo's included, asks the visitor before a session starts.
vi.hoisted(() => {
  process.env.COBROWSE_API_KEY = "tk_console_key_for_team_default_tests_0123";
  delete process.env.COBROWSE_API_URL;
  delete process.env.ONPREM_BASE_URL;
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("a new team", () => {
  it("the first team, created at start with the demo seeded into it, requires the visitor's authorization", async () => {
    await provisionEmbeddedService(database.db, { seedDemo: true });
    const team = await defaultTeam(database.db);
    expect(team?.requireAuthorization).toBe(true);
    // The demo's data went into this team.
    expect((await database.db.select().from(sessions).where(eq(sessions.teamId, team!.id))).length).toBeGreaterThan(0);
  });

  it("any other new team requires it too unless told otherwise", async () => {
    const [inserted] = await database.db
      .insert(teams)
      .values({ id: newId("t_", 12), name: "Other", domain: "example.com", publicKey: newId("pk_", 20), webhookSecret: "whsec_x" })
      .returning();
    expect(inserted.requireAuthorization).toBe(true);
    expect((await insertTeam(database.db)).requireAuthorization).toBe(true);
    expect((await insertTeam(database.db, { requireAuthorization: false })).requireAuthorization).toBe(false);
  });
});
