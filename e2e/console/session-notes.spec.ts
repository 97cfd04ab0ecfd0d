import { apiClient, leave, registerVisitor } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

interface ApiSession {
  id: string;
  visitor_id: string;
  agent_notes?: string | null;
}

test("the agent's notes start from initial_notes, are saved as they type, survive a reload and a dropped connection, and reach the console and the API", async ({
  browser,
  page,
}) => {
  const api = await apiClient();
  const visitor = await registerVisitor(api, { identity: { callName: "Noted Visitor" } });
  const agent = { id: `notes-desk-${Date.now()}`, name: "Nora Notes" };
  const agentContext = await browser.newContext();
  try {
    const link = await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent, initial_notes: "Ticket T-1042" } });
    expect(link.status(), await link.text()).toBe(200);
    const watch = await agentContext.newPage();
    await watch.goto((await link.json()).watch_url);
    await expect(watch).toHaveURL(/\/watch\/session\//);

    const notes = watch.getByRole("textbox", { name: "Notes" });
    const status = watch.getByTestId("notes-status");
    await expect(notes).toHaveValue("Ticket T-1042");
    await expect(status).toHaveText("Saved");

    await notes.press("Control+End");
    await notes.pressSequentially("\nWants a refund for order 77.");
    await expect(status).toHaveText("Saved");
    await watch.reload();
    await expect(notes).toHaveValue("Ticket T-1042\nWants a refund for order 77.");

    // The connection drops while the agent types: nothing is lost, and it is saved once back.
    await agentContext.setOffline(true);
    await notes.press("Control+End");
    await notes.pressSequentially(" Approved.");
    await expect(status).toHaveText("Not saved yet: retrying…");
    await agentContext.setOffline(false);
    await expect(status).toHaveText("Saved");
    const written = "Ticket T-1042\nWants a refund for order 77. Approved.";
    await watch.reload();
    await expect(notes).toHaveValue(written);

    // The API's Session carries them.
    const lookup = await api.get("/v1.3/agents/lookup", { params: { external_id: agent.id } });
    expect(lookup.status()).toBe(200);
    const session = ((await lookup.json()).agent.sessions as ApiSession[]).find((candidate) => candidate.visitor_id === visitor.visitorId);
    expect(session?.agent_notes).toBe(written);

    // And the console's session rows: the visitor's page and the agent's page.
    await signInAs(page, demoUser("lead"));
    await page.goto(`/visitors/${visitor.visitorId}`);
    const visitorRow = page.getByRole("table", { name: "Sessions" }).getByRole("row").filter({ hasText: "Approved." });
    await expect(visitorRow).toContainText("Wants a refund for order 77.");
    await page.goto(`/agents/external:${encodeURIComponent(agent.id)}`);
    await expect(page.getByRole("row").filter({ hasText: "Wants a refund for order 77. Approved." })).toHaveCount(1);
  } finally {
    await agentContext.close();
    await leave(api, visitor).catch(() => undefined);
    await api.dispose();
  }
});
