import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";
import type { Role } from "@/lib/console/auth/roles";

export interface DemoUser {
  role: Role;
  name: string;
  email: string;
  password: string;
}

export function demoUser(role: Role): DemoUser {
  const users = JSON.parse(process.env.E2E_DEMO_CREDENTIALS ?? "[]") as DemoUser[];
  const user = users.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`No demo ${role}: is the global setup running?`);
  return user;
}

export async function signInAs(page: Page, user: Pick<DemoUser, "email" | "password">) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
}

/** Whether a browser console message reports a Content-Security-Policy violation (Chromium's wording). */
export function isCspViolation(text: string): boolean {
  return text.includes("Content Security Policy");
}

type ViolationSink = { current: string[] | null };

function reportViolations(context: BrowserContext, sink: ViolationSink) {
  context.on("console", (message) => {
    if (isCspViolation(message.text())) sink.current?.push(`${message.location().url}: ${message.text()}`);
  });
}

/**
 * Every test fails on a Content-Security-Policy violation in any browser context (the default one and
 * those opened by the test or its hooks). A test that provokes one on purpose reads and clears
 * `cspViolations`.
 */
export const test = base.extend<{ cspViolations: string[] }, { violationSink: ViolationSink }>({
  violationSink: [
    async ({ browser }, use) => {
      const sink: ViolationSink = { current: null };
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const opened = await newContext(...options);
        reportViolations(opened, sink);
        return opened;
      };
      await use(sink);
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
  cspViolations: [
    async ({ violationSink, context }, use) => {
      const violations: string[] = [];
      reportViolations(context, violationSink);
      violationSink.current = violations;
      await use(violations);
      violationSink.current = null;
      expect(violations, "Content Security Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
