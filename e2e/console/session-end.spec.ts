import { apiClient, leave, registerVisitor } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";

test("an agent who ends the session sees who ended it and how long it lasted, and links back to the console that skip the spent watch page", async ({
  page,
}) => {
  const api = await apiClient();
  const visitor = await registerVisitor(api, { identity: { callName: "Ending Visitor" } });
  try {
    await signInAs(page, demoUser("agent"));
    await page.goto(`/visitors/${visitor.visitorId}`);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    await expect(page).toHaveURL(/\/watch\/session\//);

    await page.getByRole("button", { name: "End session" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End session" }).click();
    const end = page.getByTestId("session-ended");
    await expect(end.getByRole("heading", { name: `The session with visitor ${visitor.visitorId} has ended.` })).toBeVisible();
    await expect(end.getByTestId("session-end-reason")).toHaveText("You ended the session.");
    await expect(end.getByTestId("session-length")).toHaveText(/^It lasted \d+ s\.$/);
    await expect(end.getByRole("link", { name: "Back to Visitors" })).toHaveAttribute("href", "/visitors");

    await end.getByRole("link", { name: "Back to the visitor" }).click();
    await expect(page).toHaveURL(new RegExp(`/visitors/${visitor.visitorId}$`));
    await expect(page.getByRole("button", { name: "Co-browse", exact: true })).toBeVisible();
    // The watch page was replaced in history: Back goes to the console page before it, not the spent session.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/visitors/${visitor.visitorId}$`));
    expect(page.url()).not.toContain("/watch/");
  } finally {
    await leave(api, visitor).catch(() => undefined);
    await api.dispose();
  }
});
