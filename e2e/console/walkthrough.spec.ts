import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { hasRole, ROLES, type Role } from "@/lib/console/auth/roles";
import { apiClient } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";
import { ACCESS } from "./console-routes";

/**
 * The whole console walked as each role, at a desktop, a tablet and a phone width, in both themes: every
 * page (and the refusal a role gets for a page above it, and a missing page) is free of accessibility
 * violations, never scrolls sideways and logs no error.
 */
const WIDTHS = [1440, 768, 390];
const THEMES = ["light", "dark"] as const;

type Walk = { route: string; path: string; expect: "page" | "refused" | "missing" };

async function walkFor(role: Role): Promise<Walk[]> {
  const api = await apiClient();
  const { visitors } = await (await api.get("/v1.3/list", { params: { max_results: 1 } })).json();
  await api.dispose();
  const concrete: Record<string, string> = {
    "/visitors/[id]": `/visitors/${visitors[0].short_id}`,
    "/agents/[ref]": "/agents/email:agent@example.com",
  };
  const pages = Object.entries(ACCESS.pages).map(([route, required]): Walk => {
    return { route, path: concrete[route] ?? route, expect: hasRole(role, required as Role) ? "page" : "refused" };
  });
  return [...pages, { route: "a missing visitor", path: "/visitors/no-such-visitor", expect: "missing" }];
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Every rule in the light theme; in the dark one, colours are what changes: contrast only. */
async function axeViolations(page: Page, theme: (typeof THEMES)[number]): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (theme === "dark") axe.withRules(["color-contrast"]);
  const { violations } = await axe.analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

for (const role of ROLES) {
  test(`the console as ${role}, at ${WIDTHS.join(", ")} px in both themes: accessible, no sideways scroll, no errors`, async ({ page }) => {
    // Fifty-odd pages, each checked by axe: a long walk.
    test.setTimeout(10 * 60_000);
    const walk = await walkFor(role);
    const errors: string[] = [];
    // A refused or missing page's own status is the answer the walk asks for, not an error of the page.
    const expectedStatus = (url: string) => walk.some((step) => step.expect !== "page" && url.endsWith(step.path));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (message.text().startsWith("Failed to load resource") && expectedStatus(message.location().url)) return;
      errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    await signInAs(page, demoUser(role));

    // Soft: one run lists every page that falls short, not only the first.
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const step of walk) {
          const label = `${step.route} at ${width} px, ${theme}`;
          const response = await page.goto(step.path);
          const status = response?.status();
          if (step.expect === "page") expect.soft(status, label).toBe(200);
          else expect.soft(status, label).toBe(step.expect === "refused" ? 403 : 404);
          await expect.soft(page.getByRole("heading", { level: 1 }), label).toBeVisible();
          if (step.expect !== "page")
            await expect.soft(page.getByRole("link", { name: /back|visitors|console/i }).first(), `${label}: a way back`).toBeVisible();
          await expect.soft(page.locator("html"), label).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
          expect.soft(await scrollsSideways(page), `${label}: sideways scroll`).toBe(false);
          expect.soft(await axeViolations(page, theme), label).toEqual([]);
        }
      }
    }
    expect(errors).toEqual([]);
  });
}
