import { defineConfig } from "@playwright/test";

// Debian's chromium: Playwright's own browser download is not available on these machines.
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  // Two app nodes over PostgreSQL and Redis behind nginx: only on PostgreSQL (npm run test:scale in .ci/run).
  // The fault suite starts its own PostgreSQL and runs alone (npm run test:faults).
  testIgnore: [...(process.env.DATABASE_URL ? [] : ["**/e2e/scale/**"]), ...(process.env.TANDEM_FAULTS ? [] : ["**/e2e/faults/**"])],
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR || "test-results",
  // The fault suite starts servers of its own only.
  globalSetup: process.env.TANDEM_FAULTS ? undefined : "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
