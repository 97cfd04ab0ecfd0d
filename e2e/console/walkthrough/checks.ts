import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import type { Role } from "@/lib/console/auth/roles";

export const WIDTHS = [1440, 768, 390];
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export interface StepContext {
  role: Role;
  width: number;
  label: string;
}

export const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Every rule in the light theme; in the dark one, colours are what changes: contrast only. `exclude`: what is not the console's (a replayed page). */
export async function axeViolations(page: Page, theme: Theme, exclude?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (theme === "dark") axe.withRules(["color-contrast"]);
  if (exclude) axe.exclude(exclude);
  const { violations } = await axe.analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Whether an element is wholly inside another's visible box (a table frame that would have to scroll, the window). */
async function within(inner: Locator, outer: Locator | null, page: Page): Promise<boolean> {
  const box = await inner.boundingBox();
  const frame = outer ? await outer.boundingBox() : { x: 0, y: 0, width: page.viewportSize()!.width, height: page.viewportSize()!.height };
  if (!box || !frame) return false;
  return box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1;
}

/** A table's frame: the scrolling box around it. */
const frameOf = (table: Locator) => table.locator("xpath=ancestor::div[contains(@class, 'overflow-x-auto')][1]");

/**
 * What each page must show of the desk's frictions, at every width and theme the walkthrough visits it
 * (soft: one run lists them all). Keyed by the page's route.
 */
export const STEP_CHECKS: Record<string, (page: Page, step: StepContext) => Promise<void>> = {
  async "/usage"(page, { label }) {
    // A first start has Trends history, drawn as steps (counts), not smoothed curves.
    await expect.soft(page.locator("[data-drawn-as]").first(), `${label}: trends drawn`).toHaveAttribute("data-drawn-as", "steps");
    const table = page.getByRole("table", { name: "Usage per agent, last 30 days" });
    await expect.soft(table.getByRole("columnheader", { name: "Visitors' rating (30 days)" }), `${label}: visitors' rating`).toBeVisible();
    await expect.soft(table.getByRole("columnheader", { name: "Own rating (30 days)" }), `${label}: own rating apart`).toBeAttached();
  },
  async "/visitors"(page, { label }) {
    await expect.soft(page.getByRole("main").getByText("Untitled page"), `${label}: demo visitors have page titles`).toHaveCount(0);
  },
  async "/sessions"(page, { role, width, label }) {
    // The sidebar's entry; narrower, the navigation sits behind Menu.
    if (width >= 1024) {
      const entry = page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Sessions" });
      await expect.soft(entry, `${label}: Sessions in the navigation`).toHaveAttribute("aria-current", "page");
    }
    await expect.soft(page.getByTestId("session-row").first(), `${label}: sessions listed`).toBeVisible();
    if (role !== "agent" || width !== 1440) return;
    // An agent's own sessions only (Agents is the sixth column).
    for (const agents of await page.getByTestId("session-row").locator("td:nth-child(6)").allTextContents()) {
      expect.soft(agents, `${label}: only the agent's own sessions`).toContain("Sam Carter");
    }
  },
  async "/sessions/[id]"(page, { label }) {
    for (const heading of ["Notes", "Ratings", "Timeline"]) await expect.soft(page.getByRole("heading", { name: heading, level: 2 }), label).toBeVisible();
    await expect.soft(page.getByTestId("session-call"), `${label}: call length`).toBeVisible();
    await expect.soft(page.getByTestId("rating-visitor-s-rating"), `${label}: the visitor's rating`).toBeVisible();
    await expect.soft(page.getByRole("list", { name: "Timeline" }).getByRole("listitem").nth(1), `${label}: a timeline`).toBeVisible();
  },
  async "/agents/[ref]"(page, { width, label }) {
    const table = page.getByRole("table", { name: "Sessions" });
    await expect.soft(page.getByRole("button", { name: "Columns" }), label).toBeVisible();
    for (const developer of ["On-premise server", "Source", "Link details", "Ids"]) {
      await expect.soft(table.getByRole("columnheader", { name: developer }), `${label}: ${developer} hidden by default`).toHaveCount(0);
    }
    if (width < 1440) return;
    // A lead reads notes and feedback at a desktop width without scrolling sideways.
    for (const column of ["Notes", "Feedback"]) {
      expect.soft(await within(table.getByRole("columnheader", { name: column }), frameOf(table), page), `${label}: ${column} on screen`).toBe(true);
    }
  },
  async "/settings"(page, { width, label }) {
    await expect.soft(page.getByLabel("Agent hears the visitor when a call starts"), label).toBeVisible();
    if (width !== 768) return;
    // Every row's actions whole, on a tablet.
    const table = page.getByRole("table", { name: "Console users" });
    for (const button of await table.getByRole("button", { name: /^(Reset password|Disable)/ }).all()) {
      expect.soft(await within(button, frameOf(table), page), `${label}: ${await button.textContent()} whole`).toBe(true);
    }
  },
  async "/audit"(page, { width, label }) {
    const table = page.getByRole("table");
    // Targets (under the action) name people and visitors: never a raw id (a session's s_…, a user's).
    if (width === 1440) {
      for (const target of await page.getByTestId("audit-row").locator("td:nth-child(3)").allTextContents()) {
        expect.soft(target, `${label}: a named target`).not.toMatch(/\b[a-z]{1,3}_[A-Za-z0-9_-]{8,}\b/);
      }
    }
    if (width !== 768) return;
    expect.soft(await within(table.getByRole("columnheader", { name: "Detail" }), frameOf(table), page), `${label}: Detail on screen`).toBe(true);
  },
};

/** On every page: the palette can be found, in the sidebar or (narrow) the top bar. */
export async function checkPaletteEntry(page: Page, { width, label }: StepContext): Promise<void> {
  const entry = width >= 1024 ? page.getByRole("button", { name: /^Search or jump… (Ctrl|⌘) K$/ }) : page.getByRole("button", { name: "Search", exact: true });
  await expect.soft(entry, `${label}: the palette's entry`).toBeVisible();
}
