import type { APIRequestContext } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

/** Failed sign-ins through next-auth's credentials endpoint, as the sign-in form sends them. */
async function failSignIns(request: APIRequestContext, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    await request.post("/api/auth/callback/credentials", { form: { email, password: `wrong-${i}`, csrfToken, json: "true" } });
  }
}

test("a lead filters the log by actor, outcome and dates, pages through it, and exports the same filter", async ({ page }) => {
  test.setTimeout(120_000);
  const stranger = `stranger-${Date.now()}@example.test`;
  await failSignIns(page.request, stranger, 53);
  await signInAs(page, demoUser("lead"));

  await page.goto(`/audit?actor=${encodeURIComponent(stranger)}`);
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(50);
  await expect(page.getByText("53 events · page 1 of 2")).toBeVisible();
  await expect(rows.first()).toContainText("Sign-in failed");
  await expect(rows.first()).toContainText(stranger);
  await expect(rows.first()).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  await expect(rows.first()).toContainText("reason=throttled");

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(3);
  // Newest first: the oldest attempts, refused for the password before the throttle began, come last.
  await expect(rows.last()).toContainText("reason=invalid");

  await page.getByLabel("Outcome").selectOption("success");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/outcome=success/);
  await expect(page.getByText("No events match these filters")).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/audit?actor=${encodeURIComponent(stranger)}&from=2000-01-01&to=2000-12-31`);
  await expect(page.getByText("No events match these filters")).toBeVisible();
  await page.goto(`/audit?actor=${encodeURIComponent(stranger)}&from=${today}&to=${today}`);
  await expect(page.getByText("53 events · page 1 of 2")).toBeVisible();

  const response = await page.request.get(`/api/console/audit/export?actor=${encodeURIComponent(stranger)}&outcome=failure`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="tandem-audit-.*\.csv"$/);
  const lines = (await response.text()).trim().split("\n");
  expect(lines).toHaveLength(54);
  expect(lines.slice(1).every((line) => line.includes(`,${stranger},sign_in,Sign-in failed,failure,`))).toBe(true);
});

test("an email typed as a spreadsheet formula is exported inert", async ({ page }) => {
  // Valid addresses (the sign-in form only takes those) may start with "-" or "+", which a spreadsheet
  // reads as the start of a formula.
  const stamp = Date.now();
  const formulas = [`-2+3+cmd-${stamp}@evil.example`, `+sum-${stamp}@evil.example`];
  for (const email of formulas) await failSignIns(page.request, email, 1);
  await signInAs(page, demoUser("admin"));
  const csv = await (await page.request.get(`/api/console/audit/export?actor=${encodeURIComponent(`${stamp}@evil.example`)}`)).text();
  const lines = csv.trimEnd().split("\r\n");
  expect(lines).toHaveLength(1 + formulas.length);
  for (const email of formulas) {
    const line = lines.find((row) => row.includes(email));
    expect(line, email).toBeDefined();
    expect(line!.split(",")[1], email).toBe(`'${email}`);
  }
});

test("axe finds no violations on /audit with filters applied", async ({ page }) => {
  await signInAs(page, demoUser("lead"));
  await page.goto("/audit?outcome=success");
  await expect(page.getByRole("heading", { name: "Audit", level: 1 })).toBeVisible();
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
