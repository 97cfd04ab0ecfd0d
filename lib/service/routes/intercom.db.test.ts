import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db";
import { ensureDefaultTeam } from "../teams/team";
import { identifyVisitor } from "../visitors/ingest/identify";
import { registerVisitor } from "../visitors/ingest/register";
import { desktopChrome } from "../visitors/ingest/test-fixtures";
import { serveForTests, type TestService } from "./test-service";

// Intercom's inbox app (Canvas Kit) through Tandem's server: only bodies signed with the client secret.
const SECRET = "intercom-client-secret-for-tests-0123";
vi.hoisted(() => {
  process.env.INTERCOM_CLIENT_SECRET = "intercom-client-secret-for-tests-0123";
  process.env.LINK_SIGNING_SECRET = "intercom-test-link-signing-secret-0123456789abc";
});

let db: Db;
let service: TestService;
serveForTests((opened) => ({ db, service } = opened));

const sign = (body: string, secret = SECRET) => createHmac("sha256", secret).update(body).digest("hex");
const post = (path: "initialize" | "submit", body: string, signature: string | null = sign(body)) =>
  fetch(`${service.url}/integrations/intercom/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-body-signature": signature }) },
    body,
  });

const conversation = (contact: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    workspace_id: "ws1",
    admin: { id: "814", name: "Ida Intercom", email: "ida@example.com" },
    contact,
    context: { location: "inbox" },
    ...extra,
  });

async function visitorOf(email: string, uniqueId: string) {
  const team = await ensureDefaultTeam(db);
  const visitor = await registerVisitor(db, team, { url: "https://shop.example.com/cart" }, desktopChrome);
  await identifyVisitor(db, team, visitor.visitorId, { uniqueId, identities: [email], callName: "Jane Customer" });
  return visitor.visitorId;
}

describe("Intercom's Canvas Kit endpoints", () => {
  it("list the contact's visitors, matched by email or external id, online, with a Co-browse button", async () => {
    const byEmail = await visitorOf("jane@example.com", "user-1");
    const byExternalId = await visitorOf("other@example.com", "user-77");
    await visitorOf("stranger@example.com", "user-2");
    const answer = await post("initialize", conversation({ type: "user", id: "c1", email: "jane@example.com", external_id: "user-77" }));
    expect(answer.status).toBe(200);
    const { canvas, status } = await answer.json();
    expect(status).toBeUndefined();
    const buttons = canvas.content.components.filter((component: { type: string }) => component.type === "button");
    expect(buttons.map((button: { id: string }) => button.id).sort()).toEqual([`cobrowse:${byEmail}`, `cobrowse:${byExternalId}`].sort());
    expect(buttons[0]).toMatchObject({ label: "Co-browse", action: { type: "submit" }, disabled: false });
    const items = canvas.content.components
      .filter((component: { type: string }) => component.type === "list")
      .flatMap((list: { items: unknown[] }) => list.items);
    expect(items).toContainEqual(expect.objectContaining({ title: "Jane Customer", subtitle: "Online" }));
  });

  it("opens the session from submit: a canvas whose button is the watch link, for the teammate", async () => {
    const visitorId = await visitorOf("sam@example.com", "user-3");
    const answer = await post("submit", conversation({ email: "sam@example.com" }, { component_id: `cobrowse:${visitorId}` }));
    expect(answer.status).toBe(200);
    const { canvas } = await answer.json();
    const open = canvas.content.components.find((component: { id?: string }) => component.id === "open");
    expect(open.action).toMatchObject({ type: "url", url: expect.stringMatching(/\/watch\/[\w-]+\.[\w-]+\.[\w-]+$/) });
    // A visitor that is not the contact's is refused, even in a signed request.
    const stranger = await visitorOf("eve@example.com", "user-4");
    const refused = await post("submit", conversation({ email: "sam@example.com" }, { component_id: `cobrowse:${stranger}` }));
    expect(refused.status).toBe(404);
  });

  it("answers a contact without visitors with a canvas that says so", async () => {
    const { canvas } = await (await post("initialize", conversation({ email: "nobody@example.com" }))).json();
    expect(JSON.stringify(canvas)).toContain("No visitor of your site matches");
  });

  it("refuses forged, missing and stale signatures with 401, and huge or malformed bodies with 4xx", async () => {
    const body = conversation({ email: "jane@example.com" });
    for (const signature of [null, "", sign(body, "another-secret-entirely-0000"), sign(`${body} `), "zz".repeat(32)]) {
      const refused = await post("initialize", body, signature);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ status: "error", error: "invalid_signature" });
    }
    // Signed in upper-case hex is the same signature.
    expect((await post("initialize", body, sign(body).toUpperCase())).status).toBe(200);
    const huge = JSON.stringify({ contact: { email: "x@example.com" }, padding: "x".repeat(400_000) });
    expect((await post("initialize", huge)).status).toBe(413);
    const malformed = await post("submit", conversation({ email: "jane@example.com" }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "invalid_request", message: expect.stringContaining("component_id") });
    expect((await post("initialize", "{not json")).status).toBe(400);
  });
});
