import fs from "node:fs";
import path from "node:path";
import { expect, signInAs, test, type DemoUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";

// A server whose API allows the console's key 3 requests a minute: the console soon hears 429s.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ env: { TANDEM_DEMO_SEED: "1", API_RATE_LIMIT_PER_MINUTE: "3" } });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a console route handler passes the API's rate limit on as a 429 with Retry-After, not as a 502", async ({ browser }) => {
  const users = JSON.parse(fs.readFileSync(path.join(server.dataDir, "demo-credentials.json"), "utf8")) as DemoUser[];
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInAs(
    page,
    users.find((user) => user.role === "agent")!,
  );

  const statuses: number[] = [];
  for (let attempt = 0; attempt < 8 && !statuses.includes(429); attempt++) {
    const response = await page.request.get("/api/console/visitors");
    statuses.push(response.status());
    if (response.status() === 200) continue;
    expect(response.status(), `statuses so far: ${statuses.join(", ")}`).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ status: "error", error: "rate_limited", message: expect.stringMatching(/^Too many requests/) });
  }
  expect(statuses).toContain(429);
  await context.close();
});
