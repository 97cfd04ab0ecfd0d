import { afterAll, beforeAll, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit/record";
import { openTestDatabase } from "@/lib/testing/test-database";
import { listAuditEvents } from "./query";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  await recordAudit(database.db, { actorId: "cu_1", actorEmail: "ann@example.com", action: "sign_in" });
  await recordAudit(database.db, { actorId: "api_key:k_1", action: "mcp.click", detail: { api_key: "Shop assistant", team: "t_1" } });
  await recordAudit(database.db, { actorId: "agent:a_1", action: "session_ended", detail: { agent: "Alice 100%" } });
});
afterAll(() => database.close());

it("filters by actor: a part of an email, of an API key's name or of an agent's, literally", async () => {
  const actions = async (actor: string) => (await listAuditEvents(database.db, { actor })).events.map((event) => event.action);
  expect(await actions("ann@")).toEqual(["sign_in"]);
  expect(await actions("shop ASSIST")).toEqual(["mcp.click"]);
  expect(await actions("100%")).toEqual(["session_ended"]);
  expect(await actions("1%")).toEqual([]);
});
