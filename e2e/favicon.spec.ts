import { expect, test } from "./support/fixtures";

test("favicon.ico answers with Tandem's icon, to anyone, and pages link it", async ({ request, page }) => {
  const response = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await response.body();
  // An ICO file: reserved 0, type 1 (icon), then at least one image.
  expect(body.readUInt16LE(0)).toBe(0);
  expect(body.readUInt16LE(2)).toBe(1);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);

  await page.goto("/login");
  await expect(page.locator('link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
});
