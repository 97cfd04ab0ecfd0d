import { expect, test, type APIRequestContext } from "@playwright/test";
import { listVisitorsResponseSchema } from "@/lib/contract";
import { apiClient, embeddedApiKey, expectError, leave, registerVisitor } from "../support/api";
import { startServer, type RunningServer } from "../support/server";

// Purging deletes every offline visitor, so it runs on a server of its own.
let server: RunningServer;
let api: APIRequestContext;
test.beforeAll(async () => {
  server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test("DELETE /v1.3/visitors needs all=true, and deletes only offline visitors", async () => {
  await expectError(await api.delete("/v1.3/visitors"), 400, "invalid_request");
  await expectError(await api.delete("/v1.3/visitors?all=yes"), 400, "invalid_request");
  const online = await registerVisitor(api);
  const offline = await registerVisitor(api);
  await leave(api, offline);
  const purged = await api.delete("/v1.3/visitors?all=true");
  expect(purged.status()).toBe(200);
  expect(await purged.text()).toBe("ok");
  expect((await api.get(`/v1.3/visitors/${online.visitorId}`)).status()).toBe(200);
  await expectError(await api.get(`/v1.3/visitors/${offline.visitorId}`), 404, "visitor_not_found");
  const remaining = listVisitorsResponseSchema.parse(await (await api.get("/v1.3/list?search=-online")).json()).visitors;
  expect(remaining).toEqual([]);
  await leave(api, online);
});
