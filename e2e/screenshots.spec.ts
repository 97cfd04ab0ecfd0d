import { expect, test, type Page } from "@playwright/test";
import { apiClient } from "./support/api";
import { demoUser, signInAs } from "./support/fixtures";

// The README's pictures of the console, taken from the demo data on every e2e run.
const shot = (page: Page, name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: "light", reducedMotion: "reduce" });

test("the main pages, as the README shows them", async ({ page }) => {
  const api = await apiClient();
  // A named visitor from the demo data: specs running alongside create and delete their own.
  const { visitors } = (await (await api.get("/v1.3/list?search=example.org&max_results=1")).json()) as { visitors: { short_id: string }[] };
  await api.dispose();
  expect(visitors).toHaveLength(1);

  await signInAs(page, demoUser("admin"));
  const lead = demoUser("lead");
  const pages: [string, string, string][] = [
    ["usage", "/usage", "Usage"],
    ["visitors", "/visitors", "Visitors"],
    ["visitor", `/visitors/${visitors[0].short_id}`, "History"],
    ["agent", `/agents/email:${lead.email}`, lead.name],
    ["audit", "/audit", "Audit"],
    ["settings", "/settings", "Settings"],
  ];
  for (const [name, path, landmark] of pages) {
    await page.goto(path);
    await expect(page.getByText(landmark, { exact: true }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await shot(page, name);
  }
});
