import { expect, test } from "./support/fixtures";

test("a registration whose answer was lost, sent again by the visitor script, is the visitor the first one made", async ({ page }) => {
  // The first registration reaches the service, which makes the visitor; its answer never reaches the page.
  let firstVisitorId: string | undefined;
  await page.route("**/collect/register", async (route) => {
    if (firstVisitorId) return route.continue();
    const answer = await route.fetch();
    firstVisitorId = (await answer.json()).visitorId;
    await route.abort("connectionreset");
  });
  await page.goto("/demo");
  await expect(page.getByTestId("lookup-code")).toHaveText(/^\d{4}$/, { timeout: 15_000 });
  expect(firstVisitorId).toMatch(/^[A-Z2-9]{8}$/);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string | undefined);
  expect(kept).toBe(firstVisitorId);
});
