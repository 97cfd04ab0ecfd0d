import { expect, test } from "@playwright/test";
import { createWatchLink, liveServer, openAgent, openVisitor, replayFrame } from "./live-helpers";

const live = liveServer({ require_authorization: false });

// What the page keeps from the agent: a masked element's text and what the visitor types. Both are
// spelled VAULT-…: no console message may carry "VAULT".
const SECRETS = `
  <div class="no-cobrowse" id="vault">VAULT-masked-balance</div>
  <label>Coupon <input id="coupon"></label>
  <label>Password <input id="password" type="password"></label>
  <label>PIN <input id="pin"></label>
  <p id="ready">Console test page</p>
`;

test("the Console panel shows the page's messages, errors and failed requests, without masked text or field values", async ({ browser }) => {
  const visitor = await openVisitor(browser, live.server.url);
  await visitor.page.evaluate((html) => document.body.insertAdjacentHTML("afterbegin", html), SECRETS);
  await visitor.page.locator("#coupon").fill("VAULT-typed-coupon");
  // Characters that a JSON string escapes and a query string encodes.
  await visitor.page.locator("#password").fill('VAULT "quoted" \\ pass&word é');
  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId, { permissions: { allow_console: true } }));
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(replayFrame(agentView.page).getByText("Console test page")).toBeVisible();
  const panel = agentView.page.getByRole("region", { name: "Console" });
  await expect(panel).toBeVisible();
  // The capture starts once its bundle is in: the page's first message is its sign.
  await expect
    .poll(async () => {
      await visitor.page.evaluate(() => console.info("capture ready"));
      return panel.getByText("capture ready").count();
    })
    .toBeGreaterThan(0);

  await visitor.page.evaluate(() => {
    console.log("cart total", 42, { items: 2, gift: true });
    // The words of Tandem's own bar on the page ("Alice Agent is helping you", "Stop") are no secret.
    console.log("Stop the timer");
    console.warn("low stock: %s", "mug");
    console.error("payment failed", new Error("card declined"));
    console.log("vault:", document.getElementById("vault")!.textContent, "coupon:", (document.getElementById("coupon") as HTMLInputElement).value);
    console.log({ typed: (document.getElementById("coupon") as HTMLInputElement).value }, document.getElementById("coupon"));
    setTimeout(function explodeAtCheckout() {
      throw new Error("checkout exploded");
    });
    void Promise.reject(new Error("promise nobody caught"));
    void fetch("/demo/missing-page-for-console?token=abc&page=2");
    // Refused by the page's own policy before it leaves: a network error to the page.
    void fetch("http://127.0.0.1:9/unreachable").catch(() => undefined);
  });

  await visitor.page.evaluate(() => {
    const password = (document.getElementById("password") as HTMLInputElement).value;
    console.log("login", { user: "jo", password });
    console.log(JSON.stringify({ password }));
    console.log(`POST body: user=jo&password=${encodeURIComponent(password)}`);
  });
  // Typed, then read and cleared by the page before it logs it: no longer on the page at that moment.
  await visitor.page.locator("#pin").fill("VAULT-cleared-pin");
  await visitor.page.evaluate(() => {
    const pin = document.getElementById("pin") as HTMLInputElement;
    const value = pin.value;
    pin.value = "";
    console.log("pin was", value);
    // Tokens in URLs written as text, and in a stack.
    console.log("redirecting to https://auth.example.com/callback?token=VAULT-url-token&step=2");
    console.log("next: /account?session=VAULT-relative-session&tab=1");
    console.error(new Error("could not load https://api.example.com/v1/me?token=VAULT-stack-token"));
  });

  await expect(panel.getByText('login {user: "jo", password: "[redacted]"}')).toBeVisible();
  await expect(panel.getByText('{"password":"[redacted]"}')).toBeVisible();
  await expect(panel.getByText("POST body: user=jo&password=[redacted]")).toBeVisible();
  await expect(panel.getByText("pin was [redacted]")).toBeVisible();
  await expect(panel.getByText("redirecting to https://auth.example.com/callback?token=&step=2")).toBeVisible();
  await expect(panel.getByText("next: /account?session=&tab=1")).toBeVisible();
  await expect(panel.locator("[data-kind=error]").filter({ hasText: "https://api.example.com/v1/me?token=" })).toBeVisible();

  await expect(panel.getByText("cart total 42 {items: 2, gift: true}")).toBeVisible();
  await expect(panel.getByText("Stop the timer")).toBeVisible();
  await expect(panel.locator("[data-kind=warn]").getByText("low stock: mug")).toBeVisible();
  await expect(panel.locator("[data-kind=error]").filter({ hasText: "payment failed Error: card declined" })).toBeVisible();
  await expect(panel.getByText("vault: [redacted] coupon: [redacted]")).toBeVisible();
  await expect(panel.getByText('{typed: "[redacted]"} <input#coupon>')).toBeVisible();
  const uncaught = panel.locator("[data-kind=exception]");
  await expect(uncaught).toContainText("Error: checkout exploded");
  await expect(uncaught.locator("pre")).toContainText("explodeAtCheckout");
  await expect(panel.locator("[data-kind=rejection]")).toContainText("Error: promise nobody caught");
  await expect(
    panel.locator("[data-kind=network]").filter({ hasText: `GET ${live.server.url}/demo/missing-page-for-console?token=&page=2 404` }),
  ).toBeVisible();
  await expect(panel.locator("[data-kind=network]").filter({ hasText: "GET http://127.0.0.1:9/unreachable network error" })).toBeVisible();

  const consoleBodies = visitor.sent.filter((line) => line.includes("/collect/live/console "));
  expect(consoleBodies.length).toBeGreaterThan(0);
  expect(`${await panel.textContent()}\n${consoleBodies.join("\n")}`).not.toContain("VAULT");
  await agentView.close();
  await visitor.close();
});

test("without the console allowed there is no Console panel, and the page fetches and sends nothing of it", async ({ browser }) => {
  const requested: string[] = [];
  const visitor = await openVisitor(browser, live.server.url, (page) => page.on("request", (request) => requested.push(request.url())));
  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await visitor.page.evaluate(() => {
    console.log("nobody should see this");
    void fetch("/demo/missing-page-for-console");
    // The page changes once any capture would have sent its batch: the agent seeing the change is the sign.
    setTimeout(() => document.body.insertAdjacentHTML("afterbegin", "<p>After the messages</p>"), 500);
  });
  await expect(replayFrame(agentView.page).getByText("After the messages")).toBeVisible();

  await expect(agentView.page.getByRole("region", { name: "Console" })).toHaveCount(0);
  expect(requested.some((url) => url.endsWith("/cobrowse-recorder.js"))).toBe(true);
  expect(requested.filter((url) => url.includes("cobrowse-console") || url.includes("/collect/live/console"))).toEqual([]);
  await agentView.close();
  await visitor.close();
});
