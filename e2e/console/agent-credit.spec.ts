import { apiClient, registerVisitor, type TestVisitor } from "../support/api";
import { consoleAgentIdOf, personSessions } from "../support/console-agents";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

const DAY_MS = 86_400_000;
const STARTED = 3;

test("sessions the demo agent starts from the console are theirs on their page, in usage per agent and by day", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const api = await apiClient();
  const agent = demoUser("agent");
  await signInAs(page, agent);
  const visitors: TestVisitor[] = [];
  for (let i = 0; i < STARTED; i++) {
    const visitor = await registerVisitor(api, { identity: { callName: `Credited Visitor ${i}` } });
    await page.goto(`/visitors/${visitor.visitorId}`);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    await expect(page).toHaveURL(/\/watch\/session\/s_[A-Za-z0-9]+$/);
    visitors.push(visitor);
  }

  // The API files them under the console's own name for this user.
  const { visitor: seen } = await (await api.get(`/v1.3/visitors/${visitors[0].visitorId}`)).json();
  const [filedAs] = seen.sessions[0].agents;
  expect(filedAs.external_id).toMatch(/^console:cu_[0-9a-f]+$/);
  expect(filedAs.name).toBe(agent.name);
  for (const visitor of visitors) expect((await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`)).status()).toBe(200);

  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signInAs(lead, demoUser("lead"));
  expect(await consoleAgentIdOf(lead.request, agent.email)).toBe(filedAs.external_id);
  const sessions = await personSessions(agent.email, filedAs.external_id);
  const startedIds = new Set(sessions.map((s) => s.id));
  for (const visitor of visitors) {
    const { visitor: withSessions } = await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json();
    expect(startedIds.has(withSessions.sessions[0].id)).toBe(true);
  }
  await api.dispose();

  // The name in a visitor's sessions table opens the agent's page, which counts every session of theirs.
  await lead.goto(`/visitors/${visitors[0].visitorId}`);
  await lead.getByRole("table", { name: "Sessions" }).getByRole("link", { name: agent.name }).click();
  await expect(lead).toHaveURL(/\/agents\/email:agent@example\.com$/);
  await expect(lead.getByRole("heading", { name: agent.name, level: 2 })).toBeVisible();
  await expect(lead.getByTestId("sessions-summary")).toHaveText(`${sessions.length} sessions`);

  // Usage per agent: the demo agent's row counts them; with "Other agents" the rows add up to the total.
  await lead.goto("/usage?days=30");
  const table = lead.getByRole("table", { name: "Usage per agent, last 30 days" });
  const in30Days = sessions.filter((s) => Date.parse(s.started_at) >= Date.now() - 30 * DAY_MS).length;
  await expect(table.getByTestId("agent-usage-row").filter({ hasText: agent.email }).getByRole("cell").nth(2)).toHaveText(String(in30Days));
  const figure = lead
    .getByRole("list", { name: "Usage figures" })
    .getByRole("listitem")
    .filter({ hasText: "Sessions, 30 days" })
    .getByTestId("usage-figure-value");
  const counts = (await table.getByTestId("agent-usage-row").evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[2]?.textContent ?? ""))).map(
    (text) => Number(text.replace(/,/g, "")),
  );
  expect(counts.reduce((sum, n) => sum + n, 0).toLocaleString("en-US")).toBe(await figure.textContent());

  // The CSV: the same rows, an "Other agents" row included.
  const csv = await lead.request.get("/api/console/usage/export/agents");
  const lines = (await csv.text()).trimEnd().split("\r\n").slice(1);
  const agentLine = lines.find((line) => line.includes(`,${agent.email},`));
  expect(agentLine?.split(",")[3]).toBe(String(in30Days));
  expect(lines.reduce((sum, line) => sum + Number(line.split(",")[3]), 0)).toBe(counts.reduce((sum, n) => sum + n, 0));

  // Sessions by day: today's started sessions are the agent's, not lost.
  const history = lead.getByRole("table", { name: "Sessions per agent, last 30 days" });
  const inRange = sessions.filter((s) => Date.parse(s.started_at) >= Math.floor(Date.now() / DAY_MS) * DAY_MS - 29 * DAY_MS).length;
  await expect(history.getByTestId("history-agent-row").filter({ hasText: agent.name }).getByRole("cell").nth(1)).toHaveText(String(inRange));
  await leadContext.close();
});
