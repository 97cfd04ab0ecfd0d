import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { viewerTokenResponseSchema, visitorResponseSchema, watchSessionResponseSchema } from "@/lib/contract";
import { apiClient, embeddedApiKey, expectError, registerVisitor, setTeam } from "../support/api";
import { postCanvas } from "../support/intercom";

// v1.4 and the helpdesk apps' endpoints through the running server: Bearer keys, viewer tokens, Intercom.
const HOST = "https://helpdesk.example.com";
let api: APIRequestContext;
test.beforeAll(async () => {
  api = await apiClient();
  await setTeam(api, { embed_origins: [HOST] });
});
test.afterAll(async () => {
  await setTeam(api, { embed_origins: [] });
  await api.dispose();
});

const bearer = () => ({ authorization: `Bearer ${embeddedApiKey()}` });

test("v1.4 answers v1.3's requests with a Bearer key, and mints viewer tokens that start one viewer, once", async ({ request }) => {
  const visitor = await registerVisitor(api);
  const v13 = visitorResponseSchema.parse(await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json());
  const v14 = await request.get(`/v1.4/visitors/${visitor.visitorId}`, { headers: bearer() });
  expect(visitorResponseSchema.parse(await v14.json()).visitor.short_id).toBe(v13.visitor.short_id);
  await expectError(await request.get("/v1.4/usage"), 401, "invalid_api_key");
  await expectError(
    await request.post("/v1.4/visitors/NOPE/viewer_token", { headers: bearer(), data: { viewer: { id: "z1", name: "Zed" } } }),
    404,
    "visitor_not_found",
  );

  const minted = await request.post(`/v1.4/visitors/${visitor.visitorId}/viewer_token`, {
    headers: bearer(),
    data: { viewer: { id: "z1", name: "Zed Viewer" } },
  });
  const token = viewerTokenResponseSchema.parse(await minted.json());
  const redeem = (origin: string) =>
    request.post("/live/viewer-tokens/redeem", { headers: { authorization: `Bearer ${token.token}` }, data: { host_origin: origin } });
  await expectError(await redeem("https://elsewhere.example.net"), 403, "forbidden");
  const { session } = watchSessionResponseSchema.parse(await (await redeem(HOST)).json());
  expect(session).toMatchObject({ sessionId: token.session_id, agents: ["Zed Viewer"] });
  await expectError(await redeem(HOST), 401, "invalid_viewer_token");

  const document = await (await request.get("/v1.4/openapi.json")).json();
  expect(document.paths["/v1.4/visitors/{visitor_id}/viewer_token"].post.operationId).toBe("createViewerToken");
});

test("Intercom's Canvas Kit endpoints answer signed requests with a canvas and refuse forged ones", async ({ request }) => {
  const email = `intercom-${Date.now()}@example.com`;
  const visitor = await registerVisitor(api, { identity: { identities: [email], callName: "Ivy Intercom" } });
  const body = { admin: { id: "7", name: "Teammate" }, contact: { email } };
  const initialized = await (await postCanvas(request, "initialize", body)).json();
  expect(JSON.stringify(initialized.canvas)).toContain(`cobrowse:${visitor.visitorId}`);
  await expectError(await postCanvas(request, "initialize", body, "0".repeat(64)), 401, "invalid_signature");
  const submitted = await (await postCanvas(request, "submit", { ...body, component_id: `cobrowse:${visitor.visitorId}` })).json();
  const open = submitted.canvas.content.components.find((component: { id?: string }) => component.id === "open");
  const page = await request.get(open.action.url);
  const html = await page.text();
  // The watch page names an identified visitor, and gives their id beside the name.
  expect(html).toContain("Session with Ivy Intercom");
  expect(html).toContain(`Visitor ${visitor.visitorId}`);
});

test("the Zendesk app shows the requester's visitors and opens a session, its key added by Zendesk's proxy", async ({ page, request }) => {
  const email = `zendesk-${Date.now()}@example.com`;
  const visitor = await registerVisitor(api, { identity: { identities: [email], callName: "Zed Customer" } });
  const app = path.resolve("integrations/zendesk/assets");
  const key = embeddedApiKey();
  // Zendesk's side, played here: the app's files at Zendesk's origin, its SDK, and its proxy, which alone
  // holds the secure setting and puts it into the requests the app makes.
  await page.route("https://zendesk.test/**", (route) =>
    route.fulfill({ path: path.join(app, new URL(route.request().url()).pathname.replace("/assets/", "")) }),
  );
  await page.route("https://static.zdassets.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: ZAF_SDK(process.env.E2E_BASE_URL!, email) }),
  );
  const proxied: string[] = [];
  await page.route("https://zendesk.test/proxy", async (route) => {
    const options = route.request().postDataJSON();
    proxied.push(JSON.stringify(options));
    const answer = await request.fetch(options.url, {
      method: options.type,
      headers: { authorization: options.headers.Authorization.replace("{{setting.api_key}}", key), "content-type": "application/json" },
      data: options.data,
    });
    await route.fulfill({ status: answer.status(), contentType: "application/json", body: await answer.body() });
  });
  await page.goto("https://zendesk.test/assets/iframe.html");
  const row = page.getByRole("listitem").filter({ hasText: "Zed Customer" });
  await expect(row).toContainText("Online");
  const opened = page.waitForEvent("popup");
  await row.getByRole("button", { name: "Co-browse" }).click();
  expect((await opened).url()).toMatch(/\/watch\/[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(proxied.join("\n")).not.toContain(key);
  expect(proxied.at(-1)).toContain(`/v1.4/visitors/${visitor.visitorId}/watch_url`);
});

/** Just enough of Zendesk's app SDK: a ticket whose requester is `email`, and requests through its proxy. */
const ZAF_SDK = (tandemUrl: string, email: string) => `window.ZAFClient = { init: () => ({
  invoke() {},
  metadata: async () => ({ settings: { tandem_url: ${JSON.stringify(tandemUrl)} } }),
  context: async () => ({ location: "ticket_sidebar" }),
  get: async (key) => key === "currentUser" ? { currentUser: { id: 9, name: "Zoe Zendesk" } } : { [key]: { email: ${JSON.stringify(email)} } },
  request: async (options) => {
    const answer = await fetch("https://zendesk.test/proxy", { method: "POST", body: JSON.stringify(options) });
    if (!answer.ok) throw new Error(String(answer.status));
    return answer.json();
  },
}) };`;
