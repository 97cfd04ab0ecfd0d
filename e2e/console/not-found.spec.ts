import { demoUser, expect, signInAs, test } from "../support/fixtures";

test("an unknown address, a missing visitor and a bad agent address answer 404 with a way back", async ({ page }) => {
  await signInAs(page, demoUser("lead"));
  const cases = [
    { path: "/visitors/NOSUCHVISITOR", says: "This visitor no longer exists", back: "Back to visitors", lands: "/visitors" },
    { path: "/agents/not-an-agent-address", says: "That is not an agent address", back: "← All agents", lands: "/agents" },
    { path: "/no-such-page", says: "Page not found", back: "Back to Visitors", lands: "/visitors" },
  ];
  for (const { path, says, back, lands } of cases) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(says), path).toBeVisible();
    await page.getByRole("link", { name: back, exact: true }).click();
    await expect(page, path).toHaveURL(lands);
  }
});
