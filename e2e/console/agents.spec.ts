import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { apiClient } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

interface ApiSession {
  id: string;
  started_at: string;
  length_seconds: number;
  formatted_length: string;
  features_used: string[];
  went_live: boolean;
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function leadSessions(): Promise<ApiSession[]> {
  const api = await apiClient();
  const response = await api.get("/v1.3/agents/lookup", { params: { email: "lead@example.com" } });
  expect(response.status()).toBe(200);
  const { agent } = await response.json();
  await api.dispose();
  return agent.sessions;
}

test("a lead looks an agent up, sorts, filters, pages through and downloads their sessions", async ({ page }) => {
  const sessions = await leadSessions();
  expect(sessions.length, "the demo seed gives the lead more than a page of sessions").toBeGreaterThan(10);

  await signInAs(page, demoUser("lead"));
  await page.goto("/agents");
  const members = page.getByRole("table", { name: "Console users" });
  for (const [email, role] of [
    ["admin@example.com", "Admin"],
    ["lead@example.com", "Team lead"],
    ["agent@example.com", "Agent"],
  ]) {
    await expect(members.getByTestId("member-row").filter({ hasText: email })).toContainText(role);
  }

  await page.getByLabel("Look up by").selectOption("email");
  await page.getByLabel("Email or external id").fill("lead@example.com");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL(/\/agents\/email:lead@example\.com$/);
  await expect(page.getByRole("heading", { name: "Priya Shah", level: 2 })).toBeVisible();

  const summary = page.getByTestId("sessions-summary");
  const rows = page.getByTestId("session-row");
  const lengthCell = (index: number) => rows.nth(index).getByRole("cell").nth(2);
  await expect(summary).toHaveText(`${sessions.length} sessions`);
  await expect(rows).toHaveCount(10);

  // Sort by length: longest first, then shortest first.
  const byLength = [...sessions].sort((a, b) => a.length_seconds - b.length_seconds);
  const lengthHeader = page.getByRole("columnheader", { name: /Length/ }).first();
  await lengthHeader.getByRole("button").click();
  await expect(lengthHeader).toHaveAttribute("aria-sort", "descending");
  await expect(lengthCell(0)).toHaveText(byLength.at(-1)!.formatted_length);
  await lengthHeader.getByRole("button").click();
  await expect(lengthHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(lengthCell(0)).toHaveText(byLength[0].formatted_length);

  // Paginate: the second page holds the next shortest.
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText(`Showing 11–${Math.min(20, sessions.length)} of ${sessions.length}`)).toBeVisible();
  await expect(lengthCell(0)).toHaveText(byLength[10].formatted_length);
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(lengthCell(0)).toHaveText(byLength[0].formatted_length);

  // Filter by a feature, then also by a date range (whole UTC days), against the API's own data.
  const withClick = sessions.filter((s) => s.features_used.includes("click"));
  expect(withClick.length).toBeGreaterThan(0);
  expect(withClick.length).toBeLessThan(sessions.length);
  await page.getByLabel("Feature used").selectOption("click");
  await expect(summary).toHaveText(`${withClick.length} of ${sessions.length} sessions match`);
  await expect(rows).toHaveCount(Math.min(10, withClick.length));
  await expect(page).toHaveURL(/feature=click/);

  const from = day(Date.now() - 14 * DAY_MS);
  const to = day(Date.now() - 2 * DAY_MS);
  const inRange = withClick.filter((s) => {
    const started = Date.parse(s.started_at);
    return started >= Date.parse(`${from}T00:00:00Z`) && started < Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  });
  await page.getByLabel("From (UTC)").fill(from);
  await page.getByLabel("To (UTC)").fill(to);
  await expect(summary).toHaveText(`${inRange.length} of ${sessions.length} sessions match`);
  if (inRange.length > 0) await expect(rows).toHaveCount(Math.min(10, inRange.length));
  else await expect(page.getByText("No sessions match these filters")).toBeVisible();

  // The download holds the filtered rows.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("tandem-sessions-lead-example.com.csv");
  const lines = fs
    .readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(
    "session_id,started_at,ended_at,length_seconds,length,call_length_seconds,visitor_id,call_name,agents,features_used,went_live,session_authorized,on_premise,source,metadata,video_url,agent_notes,quality_feedback",
  );
  expect(lines.length - 1).toBe(inRange.length);
  expect(new Set(lines.slice(1).map((line) => line.split(",")[0]))).toEqual(new Set(inRange.map((s) => s.id)));

  // Clearing the filters brings every session back.
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(summary).toHaveText(`${sessions.length} sessions`);
});

test("an external agent is found by external id, and an unknown one gets a clear state", async ({ page }) => {
  await signInAs(page, demoUser("lead"));
  await page.goto("/agents");
  await page.getByLabel("Look up by").selectOption("external");
  await page.getByLabel("Email or external id").fill("helpdesk-17");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL(/\/agents\/external:helpdesk-17$/);
  await expect(page.getByRole("heading", { name: "Ana Ruiz", level: 2 })).toBeVisible();
  await expect(page.getByText("External agent", { exact: true })).toBeVisible();

  await page.goto("/agents/email:nobody@example.com");
  await expect(page.getByText("No agent with that email")).toBeVisible();
  await expect(page.getByTestId("session-row")).toHaveCount(0);
  await page.goto("/agents/external:no-such-desk");
  await expect(page.getByText("No agent with that external id")).toBeVisible();

  const missing = await page.request.get("/api/console/agents/email:nobody@example.com/sessions");
  expect(missing.status()).toBe(404);
});

test("an agent is refused the Agents pages and their route handlers; anonymous callers get 401", async ({ page, request }) => {
  await signInAs(page, demoUser("agent"));
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Agents" })).toHaveCount(0);
  for (const path of ["/agents", "/agents/email:lead@example.com"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "You don’t have access to this page" })).toBeVisible();
    await expect(page.getByTestId("session-row")).toHaveCount(0);
  }
  const refused = await page.request.get("/api/console/agents/email:lead@example.com/sessions");
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ status: "error", error: "forbidden" });

  const anonymous = await request.get("/api/console/agents/email:lead@example.com/sessions");
  expect(anonymous.status()).toBe(401);
});

test("Agents and an agent page have no axe-core violations", async ({ page }) => {
  await signInAs(page, demoUser("lead"));
  await page.goto("/agents");
  await expect(page.getByRole("table", { name: "Console users" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto("/agents/email:lead@example.com");
  await expect(page.getByTestId("session-row").first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
