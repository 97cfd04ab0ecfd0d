import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Download, Locator, Page } from "@playwright/test";
import { apiClient } from "../support/api";
import { consoleAgentIdOf, personSessions } from "../support/console-agents";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

const DAY_MS = 86_400_000;
const DEMO_EMAILS = ["admin@example.com", "lead@example.com", "agent@example.com"];

/** Sessions a console user started in the last `days` UTC days (today included), straight from the API. */
async function sessionsInDays(lead: APIRequestContext, email: string, days: number): Promise<{ sessions: number; from: string }> {
  const from = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS);
  const all = await personSessions(email, await consoleAgentIdOf(lead, email));
  const sessions = all.filter((s) => Date.parse(s.started_at) >= from.getTime()).length;
  return { sessions, from: from.toISOString().slice(0, 10) };
}

async function csvLines(download: Download): Promise<string[]> {
  const text = fs.readFileSync((await download.path())!, "utf8");
  return text.trimEnd().split("\r\n");
}

/** Sessions in the last 30 days of a console user, straight from the API (0 when it has no such agent). */
async function sessionsIn30Days(lead: APIRequestContext, email: string): Promise<number> {
  const all = await personSessions(email, await consoleAgentIdOf(lead, email));
  return all.filter((s) => Date.parse(s.started_at) >= Date.now() - 30 * DAY_MS).length;
}

/**
 * Waits until a history chart is drawn, checks it holds one bar slot per day and one series per agent
 * drawn apart, and returns how many stacked bar parts it drew (days with nothing have none).
 */
async function drawnHistory(chart: Locator, days: number, series: number): Promise<number> {
  const drawing = chart.locator("[data-drawn-bars]");
  await expect(drawing).toHaveAttribute("data-drawn-days", String(days));
  await expect(drawing).toHaveAttribute("data-drawn-series", String(series));
  await expect(drawing.locator("canvas").first()).toBeVisible();
  return Number(await drawing.getAttribute("data-drawn-bars"));
}

function demoUsersByEmail(): Record<string, string> {
  return Object.fromEntries((["admin", "lead", "agent"] as const).map((role) => [demoUser(role).email, demoUser(role).name]));
}

async function sessionsPerAgent(lead: APIRequestContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const email of DEMO_EMAILS) counts[email] = await sessionsIn30Days(lead, email);
  return counts;
}

/**
 * The 30-day window slides (the demo seed's oldest session leaves it about two minutes after start):
 * a figure the page read between two API reads equals one of them.
 */
function eitherOf(values: number[], format = (n: number) => n.toLocaleString("en-US")): string {
  return `(${[...new Set(values)].map(format).join("|")})`;
}

test("a lead's Usage: figures, trends recorded by the visit, per-agent table and CSV exports", async ({ page }) => {
  const apiSessions = async () => {
    const api = await apiClient();
    const { usage } = await (await api.get("/v1.3/usage")).json();
    await api.dispose();
    return usage.session_counts.last_30_days as number;
  };
  await signInAs(page, demoUser("lead"));
  const sessionsBefore = await apiSessions();
  const perAgentBefore = await sessionsPerAgent(page.request);
  expect(sessionsBefore, "the demo seed has sessions in the last 30 days").toBeGreaterThan(0);

  const viewedAt = Date.now();
  await page.goto("/usage");
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Usage per agent, last 30 days" });
  await expect(table).toBeVisible();
  await expect(page.getByRole("list", { name: "Usage figures" })).toBeVisible();
  const sessionsAfter = await apiSessions();
  const perAgentAfter = await sessionsPerAgent(page.request);

  const figure = (label: string) =>
    page.getByRole("list", { name: "Usage figures" }).getByRole("listitem").filter({ hasText: label }).getByTestId("usage-figure-value");
  await expect(figure("Sessions, 30 days")).toHaveText(new RegExp(`^${eitherOf([sessionsBefore, sessionsAfter])}$`));
  await expect(figure("Visitors online now")).toHaveText(/^\d[\d,]*$/);
  await expect(figure("Session time, 30 days")).toHaveText(/^(\d[\d,]* h \d\d min|\d+ min|< 1 min)$/);
  await expect(page.getByTestId("usage-figure")).toHaveCount(9);

  // A fresh server has one or two snapshots: the empty state until there are two, then the charts.
  const charts = page.getByRole("img", { name: /^Visitors online over the last 24 hours/ });
  const notYet = page.getByText("Trends appear as Tandem records usage every 5 minutes while it runs.");
  await expect(charts.or(notYet)).toBeVisible();
  if (await charts.first().isVisible()) {
    // Once drawn, a trend holds every point its summary counts.
    const points = /, (\d+) points:/.exec((await charts.first().getAttribute("aria-label"))!)![1];
    await expect(charts.first().locator("[data-drawn-points]")).toHaveAttribute("data-drawn-points", points);
  }

  // The series export: viewing the page stored a snapshot unless one from the last 5 minutes existed
  // (the shared server's timer and other viewers record too), and snapshots are at least 5 minutes apart.
  const series = await page.request.get("/api/console/usage/export/snapshots?range=24h");
  expect(series.status()).toBe(200);
  expect(series.headers()["content-type"]).toContain("text/csv");
  expect(series.headers()["content-disposition"]).toMatch(/^attachment; filename="tandem-usage-24h-/);
  const seriesLines = (await series.text()).trimEnd().split("\r\n");
  expect(seriesLines[0]).toBe(
    "at,visitors_online_now,visitors_last_24_hrs,sessions_now,sessions_today,sessions_last_30_days,session_seconds_today,session_seconds_last_30_days,agents_today,agents_last_30_days",
  );
  const snapshots = seriesLines.slice(1).map((line) => {
    const [at, ...figures] = line.split(",");
    return { at: Date.parse(at), figures: figures.map(Number) };
  });
  expect(snapshots.length).toBeGreaterThanOrEqual(1);
  for (const snapshot of snapshots) expect(snapshot.figures.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  for (let i = 1; i < snapshots.length; i++) expect(snapshots[i].at - snapshots[i - 1].at).toBeGreaterThanOrEqual(5 * 60_000 - 1);
  const latest = snapshots.at(-1)!;
  expect(latest.at).toBeGreaterThan(viewedAt - 5 * 60_000);
  // When this view stored it, it holds the figures the cards show (one API read serves both).
  if (latest.at >= viewedAt) expect(latest.figures[4].toLocaleString("en-US")).toBe(await figure("Sessions, 30 days").textContent());

  // Per agent: each demo console user with their sessions of the last 30 days, as the API counts them.
  expect(await table.getByTestId("agent-usage-row").count()).toBeGreaterThanOrEqual(3);
  for (const email of DEMO_EMAILS) {
    const row = table.getByTestId("agent-usage-row").filter({ hasText: email });
    await expect(row.getByRole("cell").nth(2)).toHaveText(new RegExp(`^${eitherOf([perAgentBefore[email], perAgentAfter[email]])}$`));
  }
  const leadBefore = await sessionsIn30Days(page.request, "lead@example.com");
  expect(leadBefore).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download per-agent usage (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tandem-agent-usage-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = await csvLines(download);
  const leadAfter = await sessionsIn30Days(page.request, "lead@example.com");
  expect(lines[0]).toBe(
    "name,email,role,sessions_30_days,session_seconds_30_days,session_time_30_days,visitor_rating_30_days,visitor_ratings_30_days,own_rating_30_days,own_ratings_30_days",
  );
  expect(lines.length - 1).toBe(await table.getByTestId("agent-usage-row").count());
  expect(lines.find((line) => line.includes(",lead@example.com,"))).toMatch(
    new RegExp(`^Priya Shah,lead@example\\.com,lead,${eitherOf([leadBefore, leadAfter], String)},\\d+,`),
  );

  // The range switcher keeps the range in the URL (last: switching renders the page again).
  await switchRange(page, "Trend range", "7 days", /\/usage\?range=7d$/);
  await expect(page.getByRole("navigation", { name: "Trend range" }).getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /^Visitors online over the last 7 days/ }).or(notYet)).toBeVisible();
});

test("an agent sees Usage too, without links to the lead-only agent pages", async ({ page }) => {
  await signInAs(page, demoUser("agent"));
  await page.goto("/usage");
  await expect(page.getByRole("table", { name: "Usage per agent, last 30 days" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Usage per agent, last 30 days" }).getByRole("link")).toHaveCount(0);
  expect((await page.request.get("/api/console/usage/export/agents")).status()).toBe(200);
  // A range the page would never link to is refused, naming the field, not answered with the default.
  const odd = await page.request.get("/api/console/usage/export/snapshots?range=1y");
  expect(odd.status()).toBe(400);
  expect(await odd.json()).toMatchObject({ status: "error", error: "invalid_request", message: expect.stringMatching(/^range: /) });
});

test("the usage exports answer 401 to anonymous callers", async ({ request }) => {
  for (const path of ["/api/console/usage/export/agents", "/api/console/usage/export/snapshots"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(401);
    expect(await response.json()).toMatchObject({ status: "error", error: "unauthenticated" });
  }
});

test("Usage has no axe-core violations, light and dark, at 1440 and 390 px", async ({ page }) => {
  await signInAs(page, demoUser("lead"));
  const violations: string[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/usage?days=30");
    await expect(page.getByRole("table", { name: "Usage per agent, last 30 days" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Usage figures" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Sessions per agent, last 30 days" })).toBeVisible();
    await expect(page.locator("[data-drawn-bars]").first()).toHaveAttribute("data-drawn-bars", /^[1-9]\d*$/);
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      const results = await new AxeBuilder({ page }).analyze();
      violations.push(...results.violations.map((v) => `${width} px ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
    }
  }
  expect(violations).toEqual([]);
});

test("a lead's session history by day: stacked charts, per-agent figures from Agent lookup, links to that agent's sessions", async ({ page }) => {
  await signInAs(page, demoUser("lead"));
  await page.goto("/usage?days=30");
  const history = page.getByRole("region", { name: "Sessions by day" });
  await expect(history.getByRole("navigation", { name: "History range" }).getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  const table = history.getByRole("table", { name: "Sessions per agent, last 30 days" });
  await expect(table).toBeVisible();
  await expect(
    history.getByRole("img", { name: /^Sessions per day over the last 30 days, by agent: \d+ in total; busiest day \d{4}-\d{2}-\d{2}/ }),
  ).toBeVisible();
  await expect(history.getByRole("img", { name: /^Session time per day over the last 30 days, by agent: / })).toBeVisible();
  // Drawn as stacked bars once the chart's script has loaded: 30 days, a series per agent (the demo has
  // fewer than the 7 drawn apart), and at least a bar per agent with sessions in the range.
  const agentRows = table.getByTestId("history-agent-row");
  const agents = await agentRows.count();
  const withSessions = (await agentRows.locator("td:nth-child(2)").allTextContents()).filter((text) => text.trim() !== "0").length;
  const sessionBars = await drawnHistory(history.getByRole("img", { name: /^Sessions per day / }), 30, agents);
  expect(sessionBars).toBeGreaterThanOrEqual(Math.max(1, withSessions));
  expect(sessionBars).toBeLessThanOrEqual(30 * agents);
  const timeBars = await drawnHistory(history.getByRole("img", { name: /^Session time per day / }), 30, agents);
  expect(timeBars).toBeGreaterThan(0);
  expect(timeBars).toBeLessThanOrEqual(30 * agents);

  // The lead's figure is the API's count of their sessions started in the range.
  const lead = await sessionsInDays(page.request, "lead@example.com", 30);
  expect(lead.sessions, "the demo seed gives the lead sessions in the last 30 days").toBeGreaterThan(0);
  const leadRow = table.getByTestId("history-agent-row").filter({ hasText: "Priya Shah" });
  await expect(leadRow.getByRole("cell").nth(1)).toHaveText(String(lead.sessions));
  for (const email of DEMO_EMAILS) {
    const { sessions } = await sessionsInDays(page.request, email, 30);
    if (sessions === 0) continue;
    const name = demoUsersByEmail()[email];
    await expect(table.getByTestId("history-agent-row").filter({ hasText: name }).getByRole("cell").nth(1)).toHaveText(String(sessions));
  }

  // The figure links to that agent's sessions since the first day of the range.
  await leadRow.getByRole("link", { name: "Priya Shah" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/email:lead@example\\.com\\?from=${lead.from}$`));
  await expect(page.getByLabel("From")).toHaveValue(lead.from);

  // 7 days keeps the trend range, and says so in the URL.
  await page.goto("/usage?range=7d&days=30");
  await switchRange(page, "History range", "7 days", /\/usage\?range=7d$/);
  await expect(page.getByRole("table", { name: "Sessions per agent, last 7 days" }).or(page.getByText("No sessions in the last 7 days"))).toBeVisible();
});

test("an agent sees the session history without links to the lead-only agent pages", async ({ page }) => {
  await signInAs(page, demoUser("agent"));
  await page.goto("/usage?days=30");
  const table = page.getByRole("table", { name: "Sessions per agent, last 30 days" });
  await expect(table).toBeVisible();
  await expect(table.getByTestId("history-agent-row").first()).toBeVisible();
  await expect(table.getByRole("link")).toHaveCount(0);
});

/**
 * Clicks a range: the URL changes once every section of the page has rendered again (the old range
 * stays on screen meanwhile), which on a loaded machine takes longer than one expectation's default.
 */
async function switchRange(page: Page, navigation: string, label: string, url: RegExp) {
  await page.getByRole("navigation", { name: navigation }).getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(url, { timeout: 30_000 });
}
