import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { auditEvents } from "@/lib/audit/schema";
import { startTestService, type TestService } from "../routes/test-service";
import { createTeamApiKey } from "../teams/admin";
import { databaseWithTeam } from "../visitors/ingest/test-fixtures";

// A failure of the server's own inside a tool: here, the visitors' search breaking.
vi.mock("./find-visitors", () => ({
  findAiVisitors: async () => {
    throw new Error("connection to the database lost at 10.0.0.5");
  },
}));

const fixture = databaseWithTeam();
let service: TestService;
beforeAll(async () => {
  service = await startTestService(fixture.db);
});
afterAll(() => service.close());

it("audits a tool that fails on the server's side, and tells the agent no more than that", async () => {
  const key = (await createTeamApiKey(fixture.db, fixture.team.id, "Failing assistant", "api")).secret;
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  const result = (await client.callTool({ name: "find_visitors", arguments: {} })) as { isError?: boolean; content: { text: string }[] };
  expect(result.isError).toBe(true);
  expect(result.content[0].text).toMatch(/^internal_error/);
  expect(result.content[0].text).not.toContain("10.0.0.5");
  const rows = await fixture.db.select().from(auditEvents).where(eq(auditEvents.action, "mcp.find_visitors"));
  expect(rows).toEqual([
    expect.objectContaining({ outcome: "failure", detail: expect.objectContaining({ api_key: "Failing assistant", error: "internal_error" }) }),
  ]);
  await client.close();
});
