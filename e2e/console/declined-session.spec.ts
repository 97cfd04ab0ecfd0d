import { apiClient, leave, registerVisitor } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

test("a session the visitor declined is listed as declined on the visitor's page, not as stopped", async ({ page }) => {
  const api = await apiClient();
  const visitor = await registerVisitor(api, { identity: { callName: "Declining Dana" } });
  try {
    await signInAs(page, demoUser("agent"));
    await page.goto(`/visitors/${visitor.visitorId}`);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    await expect(page).toHaveURL(/\/watch\/session\/s_/);
    const sessionId = page.url().split("/").pop()!;
    // The demo team asks the visitor first; the visitor's page answers no.
    expect((await api.post("/collect/live/consent", { data: { sessionId, accepted: false }, headers: visitor.headers })).status()).toBe(200);

    await page.goto(`/visitors/${visitor.visitorId}`);
    const row = page.getByRole("table", { name: "Sessions" }).locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Declined by the visitor");
    await expect(row).not.toContainText("Stopped");
  } finally {
    await leave(api, visitor).catch(() => undefined);
    await api.dispose();
  }
});
