import type { APIRequestContext } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { apiClient, leave, registerVisitor, type TestVisitor } from "../support/api";
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

test("every end of a session is in the log, naming who ended it and how", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const api = await apiClient();
  const agent = demoUser("agent");
  await signInAs(page, agent);
  /** Co-browse from the console: the session of the watch page it opens. */
  const coBrowse = async (visitor: TestVisitor) => {
    await page.goto(`/visitors/${visitor.visitorId}`);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    await expect(page).toHaveURL(/\/watch\/session\/s_/);
    return page.url().split("/").pop()!;
  };
  const visitors: TestVisitor[] = [];
  const visitor = async (callName: string) => {
    visitors.push(await registerVisitor(api, { identity: { callName } }));
    return visitors.at(-1)!;
  };
  try {
    // The agent ends it on the watch page.
    const ended = await visitor("Audit Ended");
    await coBrowse(ended);
    await page.getByRole("button", { name: "End session" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End session" }).click();
    await expect(page.getByTestId("session-ended")).toBeVisible();

    // The agent stops it from the visitor's page in the console: through the API, with the console's key.
    const stopped = await visitor("Audit Stopped");
    await coBrowse(stopped);
    await page.goto(`/visitors/${stopped.visitorId}`);
    await page.getByRole("button", { name: "Stop session" }).click();
    await page.getByRole("dialog", { name: "Stop the session?" }).getByRole("button", { name: "Stop session" }).click();
    await expect(page.getByRole("button", { name: "Stop session" })).toHaveCount(0);

    // The visitor declines one, and stops another.
    const declining = await visitor("Audit Declining");
    const declinedSession = await coBrowse(declining);
    expect((await api.post("/collect/live/consent", { data: { sessionId: declinedSession, accepted: false }, headers: declining.headers })).status()).toBe(200);
    const leaving = await visitor("Audit Leaving");
    const leftSession = await coBrowse(leaving);
    expect((await api.post("/collect/live/stop", { data: { sessionId: leftSession }, headers: leaving.headers })).status()).toBe(200);

    const lead = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
    await signInAs(lead, demoUser("lead"));
    await lead.goto("/audit");
    const row = (of: TestVisitor, label: string) =>
      lead
        .getByTestId("audit-row")
        .filter({ hasText: `visitor_id=${of.visitorId}` })
        .filter({ hasText: label });
    const expectRow = async (of: TestVisitor, label: string, actor: string, how: string) => {
      await expect(row(of, label)).toHaveCount(1);
      await expect(row(of, label).locator("td").nth(1)).toHaveText(actor);
      await expect(row(of, label)).toContainText(`reason=${how}`);
    };
    await expectRow(ended, "Session ended by the agent", `Agent ${agent.name}`, "agent");
    await expectRow(stopped, "Session ended through the API", "API key “Console”", "api");
    await expectRow(declining, "Session declined by the visitor", `Visitor ${declining.visitorId}`, "declined");
    await expectRow(leaving, "Session stopped by the visitor", `Visitor ${leaving.visitorId}`, "visitor");
    // The console's own entry names the person who pressed Stop session, and the visitor by the name they gave.
    const consoleStop = lead
      .getByTestId("audit-row")
      .filter({ hasText: "Session stopped" })
      .filter({ has: lead.getByRole("link", { name: "Audit Stopped" }) });
    await expect(consoleStop.first()).toContainText(agent.email);
    await expect(consoleStop.first().getByRole("link", { name: "Audit Stopped" })).toHaveAttribute("href", `/visitors/${stopped.visitorId}`);
    await lead.context().close();
  } finally {
    for (const each of visitors) await leave(api, each).catch(() => undefined);
    await api.dispose();
  }
});
