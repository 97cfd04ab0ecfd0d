import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { listVisitorsResponseSchema, onpremWatchUrlResponseSchema, visitorResponseSchema } from "@/lib/contract";
import { apiClient, embeddedApiKey, expectError, leave, openWatchLink, registerVisitor, setTeam } from "../support/api";
import { startServer, type RunningServer } from "../support/server";

const REST_KEY = "onprem-rest-key-for-tests";
const agent = { id: "onprem-agent-1", name: "Olu Bankole" };
let server: RunningServer;
let cloud: APIRequestContext;
let onprem: APIRequestContext;

test.beforeAll(async () => {
  server = await startServer({ env: { REST_KEY, TANDEM_DEMO_SEED: "0" } });
  cloud = await apiClient(server.url, embeddedApiKey(server.dataDir));
  onprem = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { authorization: REST_KEY } });
});
test.afterAll(async () => {
  await cloud?.dispose();
  await onprem?.dispose();
  await server?.stop();
});

test("the on-premise API is off without REST_KEY", async ({ request: anonymous }) => {
  await expectError(await anonymous.get("/api/visitors/list/latest", { headers: { authorization: "anything" } }), 404, "not_found");
});

test("the on-premise API authenticates by the raw REST_KEY in Authorization", async () => {
  const raw = await request.newContext({ baseURL: server.url });
  await expectError(await raw.get("/api/visitors/list/latest"), 401, "invalid_api_key");
  await expectError(await raw.get("/api/visitors/list/latest", { headers: { authorization: `Bearer ${REST_KEY}` } }), 401, "invalid_api_key");
  await raw.dispose();
});

test("list latest (online only), search with q, and a visitor by id", async () => {
  const online = await registerVisitor(cloud, { identity: { tags: ["#onprem"], callName: "Ines Costa" } });
  const offline = await registerVisitor(cloud, { identity: { tags: ["#onprem"] } });
  await leave(cloud, offline);

  const latest = listVisitorsResponseSchema.parse(await (await onprem.get("/api/visitors/list/latest")).json()).visitors.map((v) => v.short_id);
  expect(latest).toContain(online.visitorId);
  expect(latest).not.toContain(offline.visitorId);

  const found = listVisitorsResponseSchema.parse(await (await onprem.get(`/api/visitors/list/search?q=${encodeURIComponent("#onprem")}`)).json()).visitors;
  expect(found.map((v) => v.short_id).sort()).toEqual([online.visitorId, offline.visitorId].sort());

  const one = visitorResponseSchema.parse(await (await onprem.get(`/api/visitors/${online.visitorId}`)).json()).visitor;
  expect(one.call_name).toBe("Ines Costa");
  await expectError(await onprem.get("/api/visitors/NOSUCHID"), 404, "visitor_not_found");
});

test("watch_url needs a cloud licence token for this visitor", async () => {
  const visitor = await registerVisitor(cloud);
  const other = await registerVisitor(cloud);
  await setTeam(cloud, { onprem_licensed: true });
  const token = async (visitorId: string) =>
    (await (await cloud.post("/v1.3/onpremise/token", { data: { visitor_id: visitorId, agent } })).json()).token as string;

  await expectError(await onprem.post(`/api/visitors/${visitor.visitorId}/watch_url`, { data: { agent } }), 400, "invalid_request");
  await expectError(
    await onprem.post(`/api/visitors/${visitor.visitorId}/watch_url`, { data: { licenseToken: "forged.token.value", agent } }),
    402,
    "not_authorized",
  );
  await expectError(
    await onprem.post(`/api/visitors/${visitor.visitorId}/watch_url`, { data: { licenseToken: await token(other.visitorId), agent } }),
    402,
    "not_authorized",
  );

  const created = onpremWatchUrlResponseSchema.parse(
    await (await onprem.post(`/api/visitors/${visitor.visitorId}/watch_url`, { data: { licenseToken: await token(visitor.visitorId), agent } })).json(),
  );
  expect(await openWatchLink(created.watch_url)).toContain(`Session with visitor ${visitor.visitorId}`);
  const session = visitorResponseSchema.parse(await (await cloud.get(`/v1.3/visitors/${visitor.visitorId}`)).json()).visitor.sessions?.[0];
  expect(session).toMatchObject({ on_premise: true, visitor_id: visitor.visitorId });
});

test("a licence token makes one watch link, for the agent it names", async () => {
  const visitor = await registerVisitor(cloud);
  await setTeam(cloud, { onprem_licensed: true });
  const token = (await (await cloud.post("/v1.3/onpremise/token", { data: { visitor_id: visitor.visitorId, agent } })).json()).token as string;
  const watchUrl = (body: Record<string, unknown>) => onprem.post(`/api/visitors/${visitor.visitorId}/watch_url`, { data: { licenseToken: token, ...body } });

  const stranger = await expectError(await watchUrl({ agent: { id: "someone-else", name: "Eve Moss" } }), 402, "not_authorized");
  expect(stranger.message).toBe("The licence token was issued for another agent.");
  onpremWatchUrlResponseSchema.parse(await (await watchUrl({ agent })).json());
  const reused = await expectError(await watchUrl({ agent }), 402, "not_authorized");
  expect(reused.message).toBe("The licence token has already been used.");
});
