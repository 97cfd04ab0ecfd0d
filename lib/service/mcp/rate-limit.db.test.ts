import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startTestService, type TestService } from "../routes/test-service";
import { createTeamApiKey } from "../teams/admin";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";

vi.hoisted(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "3";
});

const fixture = databaseWithTeam();
let service: TestService;
beforeAll(async () => {
  service = await startTestService(fixture.db);
});
afterAll(() => service.close());

it("counts MCP calls against the key's API allowance: past it, 429 with Retry-After", async () => {
  const key = (await createTeamApiKey(fixture.db, fixture.team.id, "Busy assistant", "api")).secret;
  const list = () =>
    fetch(`${service.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
  for (let i = 0; i < 3; i++) expect((await list()).status).toBe(200);
  const refused = await list();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ status: "error", error: "rate_limited" });
});
