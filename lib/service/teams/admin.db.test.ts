import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { ServiceError } from "../core/errors";
import { createTeamApiKey, listApiKeys, revokeTeamApiKey, rotateWebhookSecret, updateTeamSettings } from "./admin";
import { authenticateApiKey, ensureDefaultTeam, type Team } from "./team";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let team: Team;
beforeAll(async () => {
  database = await openTestDatabase();
  team = await ensureDefaultTeam(database.db);
});
afterAll(async () => {
  await database.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ServiceError ? `${error.status} ${error.code}` : error),
  );

describe("the embedded service's team admin", () => {
  it("changes only the fields given, and an empty update changes nothing", async () => {
    const updated = await updateTeamSettings(database.db, team.id, { history_enabled: false, max_concurrent_sessions: 7 });
    expect(updated).toMatchObject({ history_enabled: false, max_concurrent_sessions: 7, name: team.name, domain: team.domain });
    await expect(updateTeamSettings(database.db, team.id, {})).resolves.toEqual(updated);
  });

  it("creates a key whose secret works until it is revoked; the list never carries a secret", async () => {
    const key = await createTeamApiKey(database.db, team.id, "Helpdesk", "api");
    expect(key.secret.length).toBeGreaterThan(20);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const listed = (await listApiKeys(database.db, team.id)).find((summary) => summary.id === key.id);
    expect(listed).toEqual({
      id: key.id,
      name: "Helpdesk",
      prefix: key.prefix,
      scope: "api",
      created_at: key.created_at,
      last_used_at: null,
      revoked_at: null,
    });
    const caller = await createTeamApiKey(database.db, team.id, "Console", "admin");

    await expect(authenticateApiKey(database.db, key.secret)).resolves.toMatchObject({ keyId: key.id, scope: "api" });
    await expect(authenticateApiKey(database.db, caller.secret)).resolves.toMatchObject({ keyId: caller.id, scope: "admin" });
    await revokeTeamApiKey(database.db, team.id, key.id, caller.id);
    expect(await refusal(authenticateApiKey(database.db, key.secret))).toMatch(/^401 /);
    expect((await listApiKeys(database.db, team.id)).find((summary) => summary.id === key.id)?.revoked_at).not.toBeNull();
  });

  it("refuses to revoke the key making the call, or a key it does not have", async () => {
    const caller = await createTeamApiKey(database.db, team.id, "Console", "admin");
    expect(await refusal(revokeTeamApiKey(database.db, team.id, caller.id, caller.id))).toBe("409 key_in_use");
    expect(await refusal(revokeTeamApiKey(database.db, team.id, "key_missing", caller.id))).toBe("404 not_found");
    await expect(authenticateApiKey(database.db, caller.secret)).resolves.toMatchObject({ keyId: caller.id });
  });

  it("rotates the webhook secret", async () => {
    const before = (await ensureDefaultTeam(database.db)).webhookSecret;
    const after = await rotateWebhookSecret(database.db, team.id);
    expect(after).not.toBe(before);
    expect((await ensureDefaultTeam(database.db)).webhookSecret).toBe(after);
  });
});
