import { expect, test } from "@playwright/test";
import { createWatchLink, liveServer, mirrorHtml, openAgent, openVisitor, replayFrame, tapAgentStream } from "./live-helpers";

const live = liveServer({ require_authorization: false, masking_selectors: [".private-note"] });

// Every secret is spelled SECRET-…: nothing the agent receives or sees may contain "SECRET".
const srcdoc = `<p>Public frame</p><div class="no-cobrowse" title="SECRET-frame-title">SECRET-srcdoc-text</div><input type="password" placeholder="SECRET-frame-placeholder">`;
const PAGE = `
  <h1>Account secrets test</h1>
  <div class="no-cobrowse" id="blocked" title="SECRET-title" data-note="SECRET-data" aria-label="SECRET-aria"><img alt="SECRET-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p>SECRET-text</p></div>
  <p class="private-note" id="team-masked" title="SECRET-team-title">SECRET-team-text</p>
  <input type="password" id="pw" value="SECRET-value" placeholder="SECRET-placeholder" title="SECRET-pw-title" data-hint="SECRET-pw-data" aria-describedby="SECRET-pw-aria">
  <iframe id="frame" srcdoc='${srcdoc}'></iframe>
  <div id="more"></div>
`;

test("masked and blocked content reaches the agent in no attribute and no srcdoc document, in the snapshot or in changes", async ({ browser }) => {
  const visitor = await openVisitor(browser, live.server.url);
  // The page's own content (the recorder starts with the session, so it records this page as it is then).
  await visitor.page.evaluate((html) => document.body.insertAdjacentHTML("afterbegin", `<section id="account">${html}</section>`), PAGE);
  const agentView = await openAgent(browser, await createWatchLink(live.api, visitor.visitorId));
  const replay = replayFrame(agentView.page);
  await expect(agentView.page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect(replay.getByRole("heading", { name: "Account secrets test" })).toBeVisible();
  const tap = tapAgentStream(live.server.url, agentView.sessionId(), agentView.token());
  // The iframe's own document is recorded node by node: its public part reaches the agent.
  await expect.poll(() => tap.text()).toContain("Public frame");

  await visitor.page.evaluate(() => {
    const blocked = document.getElementById("blocked")!;
    blocked.setAttribute("title", "SECRET-changed-title");
    blocked.setAttribute("data-note", "SECRET-changed-data");
    document.getElementById("team-masked")!.setAttribute("aria-label", "SECRET-changed-team-aria");
    const password = document.getElementById("pw")!;
    password.setAttribute("placeholder", "SECRET-changed-placeholder");
    password.setAttribute("value", "SECRET-changed-value");
    password.setAttribute("aria-label", "SECRET-changed-pw-aria");
    (document.getElementById("frame") as HTMLIFrameElement).srcdoc =
      '<p>Second frame</p><span class="no-cobrowse" data-x="SECRET-changed-frame-data">SECRET-changed-srcdoc</span>';
    const more = document.getElementById("more")!;
    more.insertAdjacentHTML(
      "beforeend",
      '<span class="no-cobrowse" title="SECRET-added-title" alt="SECRET-added-alt">SECRET-added-text</span>' +
        '<input type="password" placeholder="SECRET-added-placeholder" data-hint="SECRET-added-data">' +
        '<iframe srcdoc="<p>Added frame</p><b class=no-cobrowse>SECRET-added-srcdoc</b>"></iframe>' +
        "<p>Changes done</p>",
    );
  });
  await expect.poll(() => tap.text()).toContain("Changes done");
  await expect.poll(() => tap.text()).toContain("Second frame");
  await expect.poll(() => tap.text()).toContain("Added frame");
  await expect(replay.getByText("Changes done")).toBeVisible();
  await expect(replay.locator("input#pw")).toHaveValue("*".repeat("SECRET-changed-value".length));

  // A late joiner's first message (the stored snapshot and what followed it) holds none of it either.
  const late = tapAgentStream(live.server.url, agentView.sessionId(), agentView.token());
  await expect.poll(() => late.text()).toContain("Changes done");
  tap.stop();
  late.stop();

  for (const [where, text] of [
    ["what the visitor's page sent", visitor.sent.join("\n")],
    ["the agent's stream", tap.text()],
    ["a late joiner's stream", late.text()],
    ["the agent's mirror", await mirrorHtml(agentView.page)],
  ]) {
    expect(text.match(/SECRET[\w-]*/g) ?? [], where).toEqual([]);
  }
  await agentView.close();
  await visitor.close();
});
