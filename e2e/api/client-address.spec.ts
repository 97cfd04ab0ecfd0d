import { expect, request, test, type Browser } from "@playwright/test";
import { apiClient, embeddedApiKey, registerVisitor } from "../support/api";
import { signInAs } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";

// The client's address as the audit log and a visitor's record keep it: a forged X-Forwarded-For from an
// ordinary client is ignored; from a trusted proxy (TRUSTED_PROXIES) the address it appended is used.
const ADMIN = { email: "admin@tandem.test", password: "an admin's own password" };
const FORGED = "203.0.113.66";
const LOOPBACK = /^(127\.0\.0\.1|::1)$/;

/** Signs in through the login page with the header on every request, then reads the sign-in's audit row. */
async function auditedSignInAddress(browser: Browser, server: RunningServer, forwardedFor: string): Promise<string> {
  const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-forwarded-for": forwardedFor } });
  const page = await context.newPage();
  await signInAs(page, ADMIN);
  const csv = await (await page.request.get("/api/console/audit/export?action=sign_in")).text();
  await context.close();
  const [header, ...rows] = csv.trim().split(/\r\n/);
  const columns = header.split(",");
  const signIns = rows.map((line) => line.split(",")).filter((cells) => cells[columns.indexOf("outcome")] === "success");
  expect(signIns).toHaveLength(1);
  return signIns[0][columns.indexOf("ip")];
}

/** Registers a visitor as its page would, with the header, then reads its record through the API. */
async function visitorAddress(server: RunningServer, forwardedFor: string): Promise<string | undefined> {
  const key = embeddedApiKey(server.dataDir);
  const page = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-api-key": key, "x-forwarded-for": forwardedFor } });
  const api = await apiClient(server.url, key);
  const visitor = await registerVisitor(page);
  const record = await (await api.get(`/v1.3/visitors/${visitor.visitorId}`)).json();
  await Promise.all([page.dispose(), api.dispose()]);
  return record.visitor.ip_address;
}

test.describe("with no trusted proxy", () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ env: { TANDEM_DEMO_SEED: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  });
  test.afterAll(() => server?.stop());

  test("a forged X-Forwarded-For is ignored: the audit log and the visitor keep the connection's address", async ({ browser }) => {
    expect(await auditedSignInAddress(browser, server, FORGED)).toMatch(LOOPBACK);
    expect(await visitorAddress(server, FORGED)).toMatch(LOOPBACK);
  });
});

test.describe("behind a trusted proxy", () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({
      env: { TANDEM_DEMO_SEED: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUSTED_PROXIES: "loopback" },
    });
  });
  test.afterAll(() => server?.stop());

  test("the address the proxy appended is the client's; what the client wrote before it is not", async ({ browser }) => {
    // The client wrote 192.0.2.1; the proxy (here, on loopback) appended the address it saw.
    expect(await auditedSignInAddress(browser, server, `192.0.2.1, ${FORGED}`)).toBe(FORGED);
    expect(await visitorAddress(server, `192.0.2.1, ${FORGED}`)).toBe(FORGED);
  });
});
