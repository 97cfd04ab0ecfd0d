import { expect, test as base, type Page } from "@playwright/test";
import type { Role } from "@/lib/console/roles";

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

export const test = base;
export { expect };
