import type { Page } from "@playwright/test";
import { setTeam } from "../support/api";
import { expect, test } from "../support/fixtures";
import { acceptCoBrowsing, createWatchLink, liveServer, openAgent, openVisitor } from "./live-helpers";

const live = liveServer({ require_authorization: false });

test.describe.configure({ mode: "serial" });

/** The end panel, its reason, and the ways on from it (never a dead end). */
async function expectEnd(agentPage: Page, reason: string, visitorId: string) {
  const end = agentPage.getByTestId("session-ended");
  await expect(end.getByTestId("session-end-reason")).toHaveText(reason);
  await expect(end.getByTestId("session-length")).toHaveText(/^It lasted \d+ s\.$/);
  await expect(end.getByRole("link", { name: "Back to the visitor" })).toHaveAttribute("href", `/visitors/${visitorId}`);
  await expect(end.getByRole("link", { name: "Back to Visitors" })).toHaveAttribute("href", "/visitors");
  await expect(agentPage.getByRole("button", { name: "Close window" })).toHaveCount(0);
}

test("the visitor pressing Stop reads as stopped by the visitor", async ({ browser }) => {
  const visitor = await openVisitor(browser, live.server.url);
  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await visitor.page.getByRole("button", { name: "Stop" }).click();
  await expectEnd(agentView.page, "The visitor stopped the session.", visitor.visitorId);
  await agentView.close();
  await visitor.close();
});

test("the visitor declining reads as declined, not stopped", async ({ browser }) => {
  await setTeam(live.api, { require_authorization: true });
  try {
    const visitor = await openVisitor(browser, live.server.url);
    const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
    await visitor.page.getByRole("dialog", { name: "Alice Agent wants to see this page" }).getByRole("button", { name: "Decline" }).click();
    await expectEnd(agentView.page, "The visitor declined the session.", visitor.visitorId);
    // A reload asks the service, which says the same.
    await agentView.page.reload();
    await expect(agentView.page.getByTestId("session-end-reason")).toHaveText("The visitor declined the session.");
    await agentView.close();
    await visitor.close();
  } finally {
    await setTeam(live.api, { require_authorization: false });
  }
});

test("an offline visitor is said to be offline within 5 s, and the session connects when their page opens", async ({ browser }) => {
  const visitor = await openVisitor(browser, live.server.url);
  // The visitor leaves (same browser, so the same visitor comes back later).
  await visitor.page.goto("about:blank");
  await visitor.page.waitForTimeout(1000);

  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  const offline = agentView.page.getByRole("status").filter({ hasText: "The visitor is offline" });
  await expect(offline).toBeVisible({ timeout: 5000 });
  // It keeps waiting: still offline, still not ended, a moment later.
  await agentView.page.waitForTimeout(1500);
  await expect(offline).toBeVisible();
  await expect(agentView.page.getByTestId("session-ended")).toHaveCount(0);

  await visitor.page.goto("/demo");
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(offline).toHaveCount(0);
  await agentView.close();
  await visitor.close();
});

test("with consent required, an offline visitor who comes back is asked, and the page goes live on Accept", async ({ browser }) => {
  await setTeam(live.api, { require_authorization: true });
  try {
    const visitor = await openVisitor(browser, live.server.url);
    await visitor.page.goto("about:blank");
    await visitor.page.waitForTimeout(1000);
    const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
    await expect(agentView.page.getByRole("status").filter({ hasText: "The visitor is offline" })).toBeVisible({ timeout: 5000 });
    await visitor.page.goto("/demo");
    await acceptCoBrowsing(visitor.page);
    await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
    await agentView.close();
    await visitor.close();
  } finally {
    await setTeam(live.api, { require_authorization: false });
  }
});
