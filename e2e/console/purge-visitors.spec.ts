import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { listVisitorsResponseSchema } from "@/lib/contract";
import { apiClient, embeddedApiKey, leave, registerVisitor } from "../support/api";
import { expect, signInAs, test, type DemoUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";

// Purging deletes every offline visitor, so it runs on a server of its own.
let server: RunningServer;
let api: APIRequestContext;
test.beforeAll(async () => {
  server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
  api = await apiClient(server.url, embeddedApiKey(server.dataDir));
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

async function offlineVisitorIds(): Promise<string[]> {
  const body = await (await api.get("/v1.3/list?search=-online&max_results=500")).json();
  return listVisitorsResponseSchema.parse(body).visitors.map((visitor) => visitor.short_id);
}

test("an admin purges offline visitors after typing PURGE; online visitors stay", async ({ browser }) => {
  const online = await registerVisitor(api);
  const offline = await registerVisitor(api);
  await leave(api, offline);
  const before = await offlineVisitorIds();
  expect(before).toContain(offline.visitorId);
  expect(before.length).toBeLessThan(500);

  const users = JSON.parse(fs.readFileSync(path.join(server.dataDir, "demo-credentials.json"), "utf8")) as DemoUser[];
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const admin = users.find((user) => user.role === "admin")!;
  await signInAs(page, admin);
  await page.goto("/visitors");
  await expect(page.locator(`tr[data-visitor-id="${offline.visitorId}"]`)).toBeVisible();

  await page.getByRole("button", { name: "Purge offline visitors" }).click();
  const dialog = page.getByRole("dialog", { name: "Purge offline visitors" });
  await expect(dialog).toContainText("Online visitors are kept");
  const purge = dialog.getByRole("button", { name: "Purge", exact: true });
  const confirmation = dialog.getByLabel("Confirmation");
  for (const wrong of ["", "purge", "PURG", "PURGE "]) {
    await confirmation.fill(wrong);
    await expect(purge).toBeDisabled();
  }
  await confirmation.fill("PURGE");
  await purge.click();

  await expect(page.getByTestId("purge-result")).toHaveText(`${before.length} offline visitors were removed. Online visitors were kept.`);
  expect((await api.get(`/v1.3/visitors/${online.visitorId}`)).status()).toBe(200);
  expect((await api.get(`/v1.3/visitors/${offline.visitorId}`)).status()).toBe(404);
  expect(await offlineVisitorIds()).toEqual([]);
  // The table refreshes itself: the purged visitor is gone, the online one (registered before it) stays.
  await expect(page.locator(`tr[data-visitor-id="${offline.visitorId}"]`)).toHaveCount(0);
  await expect(page.locator(`tr[data-visitor-id="${online.visitorId}"]`)).toBeVisible();

  // The audit log records who purged and how many.
  await page.goto("/audit?action=visitors_purged");
  const audited = page.getByTestId("audit-row");
  await expect(audited).toHaveCount(1);
  await expect(audited).toContainText("Offline visitors purged");
  await expect(audited).toContainText(admin.email);
  await expect(audited).toContainText(`count=${before.length}`);
  await context.close();
  await leave(api, online);
});
