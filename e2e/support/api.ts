import fs from "node:fs";
import path from "node:path";
import { request, type APIRequestContext, type APIResponse } from "@playwright/test";

/** The secret key the embedded service accepts from the console (kept in the server's data folder). */
export function embeddedApiKey(dataDir = process.env.E2E_DATA_DIR!): string {
  return fs.readFileSync(path.join(dataDir, "embedded-api-key"), "utf8").trim();
}

/** An HTTP client for the v1.3 API of a running server, authenticated with its key. */
export function apiClient(baseURL = process.env.E2E_BASE_URL!, key = embeddedApiKey()): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { "x-api-key": key } });
}

export async function publicKey(api: APIRequestContext): Promise<string> {
  const response = await api.get("/service-admin/team");
  return (await response.json()).team.public_key;
}

export async function setTeam(api: APIRequestContext, settings: Record<string, unknown>): Promise<void> {
  const response = await api.patch("/service-admin/team", { data: settings });
  if (!response.ok()) throw new Error(`PATCH team failed: ${response.status()} ${await response.text()}`);
}

/** A tag no other visitor has (tags are "#" then letters and dashes): `#<prefix>-<10 random letters>`. */
export function uniqueTag(prefix: string): string {
  const letters = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `#${prefix}-${letters}`;
}

export interface TestVisitor {
  visitorId: string;
  token: string;
  lookupCode: string;
  headers: Record<string, string>;
}

/** Registers a visitor through the visitor script's endpoint, as a browser would. */
export async function registerVisitor(api: APIRequestContext, extra: { identity?: Record<string, unknown>; url?: string } = {}): Promise<TestVisitor> {
  const response = await api.post("/collect/register", {
    data: { publicKey: await publicKey(api), url: extra.url ?? "https://shop.example.com/checkout", title: "Checkout" },
    headers: { "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const body = await response.json();
  const visitor = {
    visitorId: body.visitorId,
    token: body.token,
    lookupCode: body.lookupCode,
    headers: { "x-visitor-id": body.visitorId, "x-visitor-token": body.token },
  };
  if (extra.identity) {
    const identified = await api.post("/collect/identify", { data: extra.identity, headers: visitor.headers });
    if (!identified.ok()) throw new Error(`identify failed: ${identified.status()} ${await identified.text()}`);
  }
  return visitor;
}

export async function leave(api: APIRequestContext, visitor: TestVisitor): Promise<void> {
  const response = await api.post("/collect/leave", { data: {}, headers: visitor.headers });
  if (!response.ok()) throw new Error(`leave failed: ${response.status()}`);
}

export async function expectError(response: APIResponse, status: number, code: string): Promise<Record<string, unknown>> {
  const body = await response.json().catch(() => null);
  if (response.status() !== status || body?.status !== "error" || body?.error !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.status()} ${JSON.stringify(body)}`);
  }
  return body;
}

/** Opens a watch link as an agent's browser would, which starts the session. */
export async function openWatchLink(watchUrl: string): Promise<string> {
  const browserless = await request.newContext();
  const page = await browserless.get(watchUrl);
  const html = await page.text();
  await browserless.dispose();
  return html;
}
