import { expect, test } from "@playwright/test";
import { createWatchLink, liveServer, openAgent, openVisitor, replayFrame } from "./live-helpers";

const live = liveServer({ require_authorization: false });

/** Changes the page `count` times, each change its own rrweb event, all within one batch. */
async function burst(page: import("@playwright/test").Page, count: number, label: string) {
  await page.evaluate(
    async ({ count, label }) => {
      const counter = document.getElementById("burst") ?? document.body.appendChild(Object.assign(document.createElement("p"), { id: "burst" }));
      for (let index = 1; index <= count; index++) {
        counter.textContent = `${label} ${index}`;
        await Promise.resolve(); // the mutation observer reports each change on its own
      }
    },
    { count, label },
  );
}

test("past the relay's bound the visitor's batch is refused with snapshot_required, and the script answers with a snapshot", async ({ browser }) => {
  const visitor = await openVisitor(browser, live.server.url);
  const answers: Array<{ status: number; error?: string }> = [];
  visitor.page.on("response", async (response) => {
    if (response.url().endsWith("/collect/live/events")) answers.push({ status: response.status(), error: (await response.json().catch(() => ({}))).error });
  });
  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  // (Another viewer joining now would make the visitor send a fresh snapshot: none does.)
  await expect.poll(() => answers.length).toBeGreaterThan(0);

  // Under the point where the service asks for a snapshot, then one batch that would pass the bound.
  await burst(visitor.page, 2000, "first");
  await expect.poll(() => answers.length).toBeGreaterThan(1);
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  await burst(visitor.page, 4500, "second");
  await expect.poll(() => answers.some((answer) => answer.status === 409 && answer.error === "snapshot_required")).toBe(true);

  // The script sent a fresh snapshot: the agent's page is whole again and follows the visitor's.
  await expect(replayFrame(agentView.page).locator("#burst")).toHaveText("second 4500");
  await burst(visitor.page, 1, "after");
  await expect(replayFrame(agentView.page).locator("#burst")).toHaveText("after 1");
  expect(answers.at(-1)?.status).toBe(200);
  await agentView.close();
  await visitor.close();
});
