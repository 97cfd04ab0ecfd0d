import type { Page } from "@playwright/test";
import { hasRole, type Role } from "@/lib/console/auth/roles";
import { apiClient } from "../../support/api";
import { demoUser, expect, signInAs, test } from "../../support/fixtures";
import { ACCESS } from "../console-routes";
import { axeViolations, checkPaletteEntry, scrollsSideways, STEP_CHECKS, THEMES, WIDTHS, type Theme } from "./checks";

/**
 * The whole console walked as a role, at a desktop, a tablet and a phone width, in both themes: every
 * page (and the refusal a role gets for a page above it, and a missing page) is free of accessibility
 * violations, never scrolls sideways, logs no error, and shows what the desk's frictions asked of it
 * (checks.ts). One spec file a role, so that the runs of the suite share the walks out.
 */
type Walk = { route: string; path: string; expect: "page" | "refused" | "missing" };

/** A demo session of the demo agent that went live with a call: what the session page is walked with. */
export async function agentSession(): Promise<string> {
  const api = await apiClient();
  const { agent } = await (await api.get("/v1.3/agents/lookup", { params: { email: demoUser("agent").email } })).json();
  await api.dispose();
  const sessions = agent.sessions as Array<{ id: string; went_live: boolean; call_length_seconds: number }>;
  return (sessions.find((session) => session.went_live && session.call_length_seconds > 0) ?? sessions[0]).id;
}

async function walkFor(role: Role): Promise<Walk[]> {
  const api = await apiClient();
  const { visitors } = await (await api.get("/v1.3/list", { params: { max_results: 1 } })).json();
  await api.dispose();
  const concrete: Record<string, string> = {
    "/visitors/[id]": `/visitors/${visitors[0].short_id}`,
    "/agents/[ref]": "/agents/email:agent@example.com",
    "/sessions/[id]": `/sessions/${await agentSession()}`,
  };
  const pages = Object.entries(ACCESS.pages).map(([route, required]): Walk => {
    return { route, path: concrete[route] ?? route, expect: hasRole(role, required as Role) ? "page" : "refused" };
  });
  return [...pages, { route: "a missing visitor", path: "/visitors/no-such-visitor", expect: "missing" }];
}

/** Errors the page logs, and uncaught ones; `expected(url)` names answers a step asked for (a 403, a 404). */
export function collectErrors(page: Page, expected: (url: string) => boolean = () => false): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource") && expected(message.location().url)) return;
    // The replay's sandbox refusing a script in the mirror (the console's only frame without allow-scripts) is the replay doing its job.
    if (message.text().endsWith("because the document's frame is sandboxed and the 'allow-scripts' permission is not set.")) return;
    errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Each width and theme in turn: `check` runs with the viewport and the colour scheme set. */
export async function atEveryWidthAndTheme(page: Page, check: (label: string, width: number, theme: Theme) => Promise<void>, height = 900) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height });
      await check(`${width} px, ${theme}`, width, theme);
    }
  }
}

/** The walk of the console as `role`: one test. */
export function walkTheConsoleAs(role: Role): void {
  test(`the console as ${role}, at ${WIDTHS.join(", ")} px in both themes: accessible, no sideways scroll, no errors`, async ({ page }) => {
    // Sixty-odd pages, each checked by axe: a long walk.
    test.setTimeout(12 * 60_000);
    const walk = await walkFor(role);
    // A refused or missing page's own status is the answer the walk asks for, not an error of the page.
    const errors = collectErrors(page, (url) => walk.some((step) => step.expect !== "page" && url.endsWith(step.path)));
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
          if (step.expect === "page") {
            await checkPaletteEntry(page, { role, width, label });
            await STEP_CHECKS[step.route]?.(page, { role, width, label });
          }
          expect.soft(await scrollsSideways(page), `${label}: sideways scroll`).toBe(false);
          expect.soft(await axeViolations(page, theme), label).toEqual([]);
        }
      }
    }
    expect(errors).toEqual([]);
  });
}
