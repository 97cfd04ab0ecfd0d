import type { Browser, Page } from "@playwright/test";
import { apiClient, setTeam } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";
import { openVisitor } from "../live/live-helpers";

interface ApiSession {
  quality_feedback: Array<{ from: string; rating: number; comment: string | null; created_at: string }>;
}

/** An admin sets Settings' "Ask visitors for feedback" in the console, as a person does. */
async function askVisitorsForFeedback(browser: Browser, on: boolean): Promise<void> {
  const admin = await browser.newPage();
  try {
    await signInAs(admin, demoUser("admin"));
    await admin.goto("/settings");
    const box = admin.getByLabel("Ask visitors for feedback");
    if ((await box.isChecked()) === on) return;
    await box.setChecked(on);
    await admin.getByRole("button", { name: "Save team settings" }).click();
    await expect(admin.getByText("Saved: visitor feedback.")).toBeVisible();
  } finally {
    await admin.close();
  }
}

/** The agent co-browses the visitor from the console, the visitor accepts, and the agent ends the session. */
async function coBrowseAndEnd(page: Page, visitor: Awaited<ReturnType<typeof openVisitor>>): Promise<void> {
  await page.goto(`/visitors/${visitor.visitorId}`);
  await page.getByRole("button", { name: "Co-browse", exact: true }).click();
  await expect(page).toHaveURL(/\/watch\/session\//);
  await visitor.page
    .getByRole("dialog", { name: /wants to see this page$/ })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await page.getByRole("button", { name: "End session" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End session" }).click();
}

test("when a session ends, the agent and (with the team's setting, turned on in Settings) the visitor say how it went; both answers reach the API, the session rows and Usage", async ({
  browser,
  page,
}) => {
  const api = await apiClient();
  await askVisitorsForFeedback(browser, true);
  const visitor = await openVisitor(browser, process.env.E2E_BASE_URL!);
  const agent = demoUser("agent");
  try {
    await signInAs(page, agent);
    await coBrowseAndEnd(page, visitor);

    // The agent's question, on the end panel.
    const end = page.getByTestId("session-ended");
    await expect(end.getByRole("heading", { name: "How did this session go?" })).toBeVisible();
    await end.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "4 of 5" }).check();
    await end.getByRole("textbox", { name: "Comment (optional)" }).fill("Found the coupon field");
    await end.getByRole("button", { name: "Send feedback" }).click();
    await expect(end.getByTestId("feedback-sent")).toBeVisible();

    // The visitor's question, on their page.
    const ask = visitor.page.getByRole("dialog", { name: "How did this session go?" });
    await ask.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "5" }).check();
    await ask.getByRole("button", { name: "Send feedback" }).click();
    await expect(visitor.page.getByText("Thank you for your feedback.")).toBeVisible();
    await expect(ask).toHaveCount(0);

    // The API's Session holds both answers.
    const read = await api.get(`/v1.3/visitors/${visitor.visitorId}`);
    const [session] = (await read.json()).visitor.sessions as ApiSession[];
    expect(session.quality_feedback).toEqual([
      { from: "agent", rating: 4, comment: "Found the coupon field", created_at: expect.any(String), agent_id: expect.any(String) },
      { from: "visitor", rating: 5, comment: null, created_at: expect.any(String), agent_id: null },
    ]);

    // The console's session rows show them, and Usage averages the visitors' per agent, the agent's own apart.
    await page.goto(`/visitors/${visitor.visitorId}`);
    await expect(
      page.getByRole("table", { name: "Sessions" }).getByRole("row").filter({ hasText: "Agent 4/5 (“Found the coupon field”), Visitor 5/5" }),
    ).toHaveCount(1);
    const lead = await browser.newPage();
    await signInAs(lead, demoUser("lead"));
    await lead.goto("/usage");
    const row = lead.getByTestId("agent-usage-row").filter({ hasText: agent.email });
    await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d\.\d\/5\s*\d+ ratings?$/);
    await expect(row.getByRole("cell").nth(5)).toHaveText(/^\d\.\d\/5\s*\d+ ratings?$/);
    await lead.close();
  } finally {
    await setTeam(api, { visitor_feedback_enabled: false }).catch(() => undefined);
    await visitor.close();
    await api.dispose();
  }
});

test('with Settings\' "Ask visitors for feedback" turned off, the visitor is not asked when a session ends', async ({ browser, page }) => {
  const api = await apiClient();
  await setTeam(api, { visitor_feedback_enabled: true });
  await askVisitorsForFeedback(browser, false);
  const visitor = await openVisitor(browser, process.env.E2E_BASE_URL!);
  try {
    await signInAs(page, demoUser("agent"));
    await coBrowseAndEnd(page, visitor);
    await expect(page.getByTestId("session-ended").getByRole("heading", { name: "How did this session go?" })).toBeVisible();
    // The question would come with the end's notice, in the same moment.
    await expect(visitor.page.getByText("The co-browsing session has ended.")).toBeVisible();
    await expect(visitor.page.getByRole("dialog", { name: "How did this session go?" })).toHaveCount(0);
    const read = await api.get(`/v1.3/visitors/${visitor.visitorId}`);
    expect((await read.json()).visitor.sessions[0].quality_feedback).toEqual([]);
  } finally {
    await visitor.close();
    await api.dispose();
  }
});
