import fs from "node:fs";
import path from "node:path";
import { apiClient, embeddedApiKey, leave, registerVisitor } from "../support/api";
import { demoUser, expect, signInAs, test } from "../support/fixtures";
import { INTERCOM_TEST_SECRET } from "../support/intercom";
import { consolePages } from "./console-routes";

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

async function credentials(): Promise<Record<string, string>> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const api = await apiClient();
  const webhook = await (await api.get("/service-admin/webhook-secret")).json();
  // The link-signing secret is generated on first use: sign one watch link so that it exists whatever ran before.
  const visitor = await registerVisitor(api);
  const link = await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent: { id: "secrets-spec", name: "Secrets spec" } } });
  expect(link.status(), await link.text()).toBe(200);
  await leave(api, visitor);
  await api.dispose();
  const found = {
    "embedded API key": embeddedApiKey(),
    "auth secret": fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim(),
    "link-signing secret": fs.readFileSync(path.join(dataDir, "link-signing-secret"), "utf8").trim(),
    "webhook secret": String(webhook.secret ?? ""),
    "Intercom client secret": INTERCOM_TEST_SECRET,
  };
  // A scan for an empty or tiny string would pass for the wrong reason.
  for (const [name, value] of Object.entries(found)) expect(value.length, name).toBeGreaterThanOrEqual(16);
  return found;
}

test("no credential appears in any built client asset", async () => {
  const secrets = await credentials();
  const staticDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "static");
  const files = filesUnder(staticDir);
  expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(10);
  for (const file of files) {
    const content = fs.readFileSync(file, "latin1");
    for (const [name, value] of Object.entries(secrets)) expect(content.includes(value), `${name} in ${path.relative(process.cwd(), file)}`).toBe(false);
  }
});

test("no credential appears in the HTML of any console page, even for an admin", async ({ page }) => {
  const secrets = await credentials();
  await signInAs(page, demoUser("admin"));
  for (const consolePage of consolePages()) {
    const response = await page.request.get(consolePage.path);
    const html = await response.text();
    expect(html.length, consolePage.path).toBeGreaterThan(500);
    for (const [name, value] of Object.entries(secrets)) expect(html.includes(value), `${name} in ${consolePage.path}`).toBe(false);
  }
  // The rendered settings page too, after its widgets streamed in.
  await page.goto("/settings");
  await expect(page.getByTestId("webhook-secret")).toBeVisible();
  const rendered = await page.content();
  for (const [name, value] of Object.entries(secrets)) expect(rendered.includes(value), `${name} in rendered /settings`).toBe(false);
});
