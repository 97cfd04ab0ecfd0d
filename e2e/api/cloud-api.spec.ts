import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  agentLookupResponseSchema,
  listVisitorsResponseSchema,
  onpremTokenResponseSchema,
  proxySessionResponseSchema,
  sessionResponseSchema,
  usageResponseSchema,
  visitorResponseSchema,
  watchUrlResponseSchema,
} from "@/lib/contract";
import { apiClient, expectError, leave, openWatchLink, registerVisitor, setTeam } from "../support/api";

// The contract through the running server (next build + npm start's server), endpoint by endpoint, status by status.
let api: APIRequestContext;
test.beforeAll(async () => {
  api = await apiClient();
});
test.afterAll(async () => {
  await setTeam(api, { max_concurrent_sessions: 25, proxy_enabled: false, onprem_licensed: false, history_enabled: true });
  await api.dispose();
});

const agent = { id: "helpdesk-99", name: "Dana Fox" };

test("every v1.3 endpoint refuses a missing or wrong X-Api-Key with 401 invalid_api_key", async ({ request }) => {
  const calls = [
    () => request.get("/v1.3/usage"),
    () => request.get("/v1.3/list"),
    () => request.get("/v1.3/visitors/ABC"),
    () => request.post("/v1.3/visitors/ABC/watch_url", { data: { agent } }),
    () => request.delete("/v1.3/visitors/ABC/session"),
    () => request.delete("/v1.3/visitors/ABC"),
    () => request.delete("/v1.3/visitors?all=true"),
    () => request.get("/v1.3/agents/lookup?email=a@example.com"),
    () => request.post("/v1.3/proxy_sessions", { data: {} }),
    () => request.post("/v1.3/onpremise/token", { data: { visitor_id: "ABC", agent } }),
  ];
  for (const call of calls) await expectError(await call(), 401, "invalid_api_key");
  await expectError(await request.get("/v1.3/usage", { headers: { "x-api-key": "tk_not-a-real-key" } }), 401, "invalid_api_key");
});

test("GET /v1.3/usage answers every figure as an integer, counting real rows", async () => {
  const before = usageResponseSchema.parse(await (await api.get("/v1.3/usage")).json()).usage;
  const visitor = await registerVisitor(api);
  const after = usageResponseSchema.parse(await (await api.get("/v1.3/usage")).json()).usage;
  expect(after.visitors.online_now).toBe(before.visitors.online_now + 1);
  expect(after.visitors.last_24_hrs).toBe(before.visitors.last_24_hrs + 1);
  expect(after.session_counts.last_30_days).toBeGreaterThan(0); // the demo's sessions
  await leave(api, visitor);
});

test("GET /v1.3/list searches with the token grammar, newest first, honouring and capping max_results", async () => {
  const tag = `#endtoend-${Date.now().toString(36).replace(/\d/g, "x")}`;
  const uniqueId = `e2e-user-${Date.now()}`;
  const visitor = await registerVisitor(api, {
    identity: { uniqueId, identities: ["Zed Quill", "zed.quill@example.net"], tags: [tag], callName: "Zed Quill" },
  });

  const search = async (query: string, extra = "") => {
    const response = await api.get(`/v1.3/list?search=${encodeURIComponent(query)}${extra}`);
    expect(response.status()).toBe(200);
    return listVisitorsResponseSchema.parse(await response.json()).visitors;
  };
  const ids = async (query: string) => (await search(query)).map((found) => found.short_id);
  expect(await ids(tag)).toEqual([visitor.visitorId]);
  expect(await ids(`id:${uniqueId}`)).toEqual([visitor.visitorId]);
  expect(await ids("zed.quill@example.net")).toEqual([visitor.visitorId]);
  expect(await ids(`online ${tag}`)).toEqual([visitor.visitorId]);
  expect(await ids(`-online ${tag}`)).toEqual([]);
  expect(await ids(visitor.lookupCode)).toContain(visitor.visitorId);
  expect(await ids("zed quil")).toContain(visitor.visitorId); // an unfinished word
  // A typo (neighbours swapped): found, and the result says where and how.
  const typo = (await search("zed qiull")).find((found) => found.short_id === visitor.visitorId);
  expect(typo?.search_match).toEqual({ fields: ["call_name", "email", "identities"], typo: true });
  expect((await search(tag))[0].search_match).toEqual({ fields: ["tags"], typo: false });

  const latest = await search("");
  expect(latest[0].short_id).toBe(visitor.visitorId);
  const seen = latest.map((found) => Date.parse(found.last_seen_at!));
  expect(seen).toEqual([...seen].sort((a, b) => b - a));
  expect(await search("", "&max_results=5")).toHaveLength(5);
  expect((await search("", "&max_results=100000")).length).toBeLessThanOrEqual(500);

  const bad = await expectError(await api.get("/v1.3/list?max_results=abc"), 400, "invalid_request");
  expect(String(bad.message)).toContain("max_results");
  await leave(api, visitor);
});

test("GET /v1.3/visitors/{id}: every field, history on request, 404 for an unknown visitor", async () => {
  const visitor = await registerVisitor(api, { identity: { callName: "Hana Lee" } });
  const plain = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json()).visitor;
  expect(plain).toMatchObject({
    short_id: visitor.visitorId,
    call_name: "Hana Lee",
    is_online: true,
    browser_name: "Chrome",
    device_type: "desktop",
    _type: "visitor",
  });
  expect(plain.history).toBeUndefined();

  const withHistory = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}?with_history=true`)).json()).visitor;
  expect(withHistory.history?.[0]).toMatchObject({ url: "https://shop.example.com/checkout", title: "Checkout" });

  await setTeam(api, { history_enabled: false });
  const off = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}?with_history=true`)).json()).visitor;
  expect(off.history).toBeUndefined();
  await setTeam(api, { history_enabled: true });

  await expectError(await api.get("/v1.3/visitors/NOSUCHID"), 404, "visitor_not_found");
  await expectError(await api.get(`/v1.3/visitors/${visitor.visitorId}?with_history=maybe`), 400, "invalid_request");
  await leave(api, visitor);
});

test("POST watch_url: validation, 404, a working link with its expiration, and 402 at the session limit", async () => {
  const visitor = await registerVisitor(api);
  const missing = await expectError(
    await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent: { name: "No Id" } } }),
    400,
    "invalid_request",
  );
  expect(String(missing.message)).toContain("agent.id");
  const flat = await expectError(
    await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent, metadata: { nested: { no: 1 } } } }),
    400,
    "invalid_request",
  );
  expect(String(flat.message)).toContain("metadata");
  await expectError(await api.post("/v1.3/visitors/NOSUCHID/watch_url", { data: { agent } }), 404, "visitor_not_found");

  const created = watchUrlResponseSchema.parse(
    await (await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent, metadata: { ticket: "T-1" } } })).json(),
  );
  expect(created.watch_url).toContain(`/watch/`);
  const ttl = Date.parse(created.expiration) - Date.now();
  expect(ttl).toBeGreaterThan(4 * 60_000);
  expect(ttl).toBeLessThanOrEqual(5 * 60_000);

  const page = await openWatchLink(created.watch_url);
  expect(page).toContain(`Session with visitor ${visitor.visitorId}`);
  const tampered = await openWatchLink(created.watch_url.slice(0, -3) + "abc");
  expect(tampered).toContain("This watch link is not valid");

  const inSession = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json()).visitor;
  expect(inSession.is_in_session).toBe(true);
  expect(inSession.sessions?.[0]).toMatchObject({ visitor_id: visitor.visitorId, went_live: false, metadata: { ticket: "T-1" } });

  const usage = usageResponseSchema.parse(await (await api.get("/v1.3/usage")).json()).usage;
  await setTeam(api, { max_concurrent_sessions: usage.session_counts.now });
  await expectError(await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent } }), 402, "subscription_limit");
  await setTeam(api, { max_concurrent_sessions: 25 });

  const stopped = await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`);
  expect(stopped.status()).toBe(200);
  expect(await stopped.text()).toBe("ok");
  const after = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json()).visitor;
  expect(after.is_in_session).toBe(false);
  expect(after.sessions?.[0].ended_at).toBeTruthy();
  await expectError(await api.delete("/v1.3/visitors/NOSUCHID/session"), 404, "visitor_not_found");
  await leave(api, visitor);
});

test("the concurrent-session limit holds when links are opened: with room for one session, three links opened at once start one", async () => {
  const visitors = [await registerVisitor(api), await registerVisitor(api), await registerVisitor(api)];
  const now = usageResponseSchema.parse(await (await api.get("/v1.3/usage")).json()).usage.session_counts.now;
  await setTeam(api, { max_concurrent_sessions: now + 1 });
  const links = [];
  for (const visitor of visitors) {
    links.push(watchUrlResponseSchema.parse(await (await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent } })).json()));
  }
  const pages = await Promise.all(links.map((link) => openWatchLink(link.watch_url)));

  const started = pages.filter((html) => html.includes("Session with visitor"));
  const refused = pages.filter((html) => html.includes("Too many sessions at once"));
  expect(started).toHaveLength(1);
  expect(refused).toHaveLength(2);
  expect(refused[0]).toContain(`Your account allows ${now + 1} co-browsing`);
  const inSession = await Promise.all(
    visitors.map(async (visitor) => visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json()).visitor.is_in_session),
  );
  expect(inSession.filter(Boolean)).toHaveLength(1);

  await setTeam(api, { max_concurrent_sessions: 25 });
  for (const visitor of visitors) {
    await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`);
    await leave(api, visitor);
  }
});

test("DELETE a visitor: 409 while online and nothing deleted, ok once offline, then 404", async () => {
  const visitor = await registerVisitor(api);
  await expectError(await api.delete(`/v1.3/visitors/${visitor.visitorId}`), 409, "visitor_online");
  expect((await api.get(`/v1.3/visitors/${visitor.visitorId}`)).status()).toBe(200);
  await leave(api, visitor);
  const deleted = await api.delete(`/v1.3/visitors/${visitor.visitorId}`);
  expect(deleted.status()).toBe(200);
  expect(await deleted.text()).toBe("ok");
  await expectError(await api.get(`/v1.3/visitors/${visitor.visitorId}`), 404, "visitor_not_found");
  await expectError(await api.delete(`/v1.3/visitors/${visitor.visitorId}`), 404, "visitor_not_found");
});

test("GET /v1.3/agents/lookup: Users by email, External Agents by external id, with sessions", async () => {
  const user = agentLookupResponseSchema.parse(await (await api.get("/v1.3/agents/lookup?email=LEAD@example.com")).json()).agent;
  expect(user).toMatchObject({ email: "lead@example.com", _type: "user" });
  expect(user.id).toMatch(/^u_/);
  for (const session of user.sessions) expect(session.agents.map((a) => a.id)).toContain(user.id);

  const visitor = await registerVisitor(api);
  await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent } });
  const external = agentLookupResponseSchema.parse(await (await api.get(`/v1.3/agents/lookup?external_id=${agent.id}`)).json()).agent;
  expect(external).toMatchObject({ name: agent.name });

  await expectError(await api.get("/v1.3/agents/lookup?email=nobody@example.com"), 404, "agent_not_found");
  await expectError(await api.get("/v1.3/agents/lookup?name=Dana"), 404, "agent_not_found");
  await expectError(await api.get("/v1.3/agents/lookup"), 404, "agent_not_found");
  await expectError(await api.get(`/v1.3/agents/lookup?email=lead@example.com&external_id=${agent.id}`), 400, "invalid_request");
  await leave(api, visitor);
});

test("POST /v1.3/proxy_sessions: 402 while universal proxy is off, a link when on", async () => {
  await expectError(await api.post("/v1.3/proxy_sessions", { data: {} }), 402, "proxy_not_enabled");
  await setTeam(api, { proxy_enabled: true });
  const created = proxySessionResponseSchema.parse(
    await (
      await api.post("/v1.3/proxy_sessions", { data: { initial_url: "https://shop.example.com/", allowed_domains: ["*.example.com", "shop.example.com"] } })
    ).json(),
  );
  expect(created.proxy_url).toContain("/proxy/");
  await expectError(
    await api.post("/v1.3/proxy_sessions", { data: { initial_url: "https://elsewhere.test/", allowed_domains: ["shop.example.com"] } }),
    400,
    "invalid_request",
  );
  await expectError(await api.post("/v1.3/proxy_sessions", { data: { initial_url: "not a url" } }), 400, "invalid_request");
  await setTeam(api, { proxy_enabled: false });
});

test("POST /v1.3/onpremise/token: 402 without a licence, a token with one", async () => {
  const body = { visitor_id: "ABC123", agent };
  await expectError(await api.post("/v1.3/onpremise/token", { data: body }), 402, "not_authorized");
  await setTeam(api, { onprem_licensed: true });
  const token = onpremTokenResponseSchema.parse(await (await api.post("/v1.3/onpremise/token", { data: body })).json());
  expect(token.authorized).toBe(true);
  expect(token.token.split(".")).toHaveLength(3);
  await expectError(await api.post("/v1.3/onpremise/token", { data: { visitor_id: "ABC123" } }), 400, "invalid_request");
  await setTeam(api, { onprem_licensed: false });
});

test("the OpenAPI document is generated from the contract", async ({ request }) => {
  const document = await (await request.get("/v1.3/openapi.json")).json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(["/v1.3/usage", "/v1.3/list", "/v1.3/visitors/{visitor_id}", "/v1.3/visitors/{visitor_id}/watch_url", "/v1.3/agents/lookup"]),
  );
  const watchBody = document.paths["/v1.3/visitors/{visitor_id}/watch_url"].post.requestBody.content["application/json"].schema;
  expect(watchBody.required).toContain("agent");
});

test("Tandem's session endpoints: a session by its id with its timeline, its notes changed after the end, an agent's rating once", async () => {
  const visitor = await registerVisitor(api);
  const { watch_url } = watchUrlResponseSchema.parse(await (await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent } })).json());
  await openWatchLink(watch_url);
  const { visitor: found } = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json());
  const id = found.sessions![0].id;
  const path = `/v1.3/sessions/${id}`;

  const { session } = sessionResponseSchema.parse(await (await api.get(path)).json());
  expect(session).toMatchObject({ id, visitor_id: visitor.visitorId, ended_at: null });
  expect(session.timeline?.[0]).toMatchObject({ event: "asked", by: { kind: "agent", name: agent.name } });
  await expectError(await api.get("/v1.3/sessions/s_NOSUCHSESSION00"), 404, "session_not_found");

  // Malformed bodies are refused naming the field; an agent's rating waits for the end.
  expect((await expectError(await api.patch(path, { data: { agent_notes: 5 } }), 400, "invalid_request")).message).toContain("agent_notes");
  await expectError(await api.patch(path, { data: { agent_notes: "x", other: 1 } }), 400, "invalid_request");
  await expectError(await api.post(`${path}/feedback`, { data: { agent_id: agent.id, rating: 4 } }), 409, "session_ongoing");

  expect((await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`)).status()).toBe(200);
  const patched = sessionResponseSchema.parse(await (await api.patch(path, { data: { agent_notes: "Called back by phone." } })).json());
  expect(patched.session.agent_notes).toBe("Called back by phone.");
  expect(sessionResponseSchema.parse(await (await api.get(path)).json()).session.timeline?.at(-1)).toMatchObject({ event: "ended" });

  expect((await expectError(await api.post(`${path}/feedback`, { data: { agent_id: agent.id, rating: 9 } }), 400, "invalid_request")).message).toContain(
    "rating",
  );
  await expectError(await api.post(`${path}/feedback`, { data: { agent_id: "someone-else", rating: 4 } }), 403, "permission_denied");
  const rated = sessionResponseSchema.parse(await (await api.post(`${path}/feedback`, { data: { agent_id: agent.id, rating: 4, comment: "Solved" } })).json());
  expect(rated.session.quality_feedback).toEqual([expect.objectContaining({ rating: 4, comment: "Solved" })]);
  await expectError(await api.post(`${path}/feedback`, { data: { agent_id: agent.id, rating: 5 } }), 409, "feedback_sent");
  await leave(api, visitor);
});
