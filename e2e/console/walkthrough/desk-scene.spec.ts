import { apiClient, leave, registerVisitor } from "../../support/api";
import { demoUser, expect, signInAs, test } from "../../support/fixtures";
import { acceptCoBrowsing, createWatchLink, openVisitor } from "../../live/live-helpers";
import { axeViolations, scrollsSideways } from "./checks";
import { agentSession, atEveryWidthAndTheme, collectErrors } from "./walk";

/** The desk's frictions that need a scene of their own (the role walks are walk.ts's, one spec file a role). */
test("the desk's frictions with a scene of their own: the watch page, a session written up later, Take, search, the palette, the columns and the audit", async ({
  browser,
  page,
}) => {
  test.setTimeout(8 * 60_000);
  const api = await apiClient();
  const baseUrl = process.env.E2E_BASE_URL!;
  const errors = collectErrors(page);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, demoUser("agent"));
  const visitor = await openVisitor(browser, baseUrl);
  const declining = await registerVisitor(api, { identity: { callName: "Declining Dee" } });
  let asking: Awaited<ReturnType<typeof registerVisitor>> | null = null;
  try {
    // Tandem.identify says what it refused, and takes a good identity.
    const identify = (fields: Record<string, unknown>) =>
      visitor.page.evaluate(
        (sent) =>
          window.Tandem!.identify(sent).then(
            () => "taken",
            (error: Error) => error.message,
          ),
        fields,
      );
    expect(await identify({ tags: ["vip"] })).toBe('Tandem.identify: tags[0]: "vip" must be "#" then letters and dashes, e.g. "#vip"');
    expect(await identify({ callName: "Walker Wren", tags: ["#vip"] })).toBe("taken");
    // Room to scroll on the visitor's page.
    await visitor.page.evaluate(() => void (document.body.style.minHeight = "5000px"));
    const lookupCode = (await visitor.page.getByTestId("lookup-code").textContent())!;

    // The palette: in the navigation; a name lists the visitor live, whether their page is open, and what to do.
    await page.goto("/usage");
    await page.getByRole("button", { name: /^Search or jump…/ }).click();
    const palette = page.getByRole("dialog");
    await palette.getByRole("combobox").fill("Walker Wren");
    await expect(palette.getByRole("option", { name: /^Walker Wren\s*online/ })).toBeVisible();
    await expect(palette.getByRole("option", { name: "Co-browse with Walker Wren" })).toBeVisible();
    await palette.getByRole("option", { name: `Copy Walker Wren's lookup code (${lookupCode})` }).click();
    await expect(palette.getByTestId("palette-notice")).toHaveText(`Copied the lookup code ${lookupCode}.`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lookupCode);
    await atEveryWidthAndTheme(page, async (label, _width, theme) => {
      // Polled: the layout settles a moment after the viewport changes.
      await expect
        .configure({ soft: true })
        .poll(() => scrollsSideways(page), { message: `the palette at ${label}: sideways scroll` })
        .toBe(false);
      expect.soft(await axeViolations(page, theme), `the palette at ${label}`).toEqual([]);
    });
    await page.keyboard.press("Escape");

    // The watch page shows the visitor's page first: named header, the view's top near the page's, the
    // console panel beside it, the wheel for the visitor's page only, a choice of page size.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(await createWatchLink(api, visitor.visitorId, { permissions: { allow_console: true } }));
    await acceptCoBrowsing(visitor.page);
    await expect(page.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session with Walker Wren");
    const overlay = page.getByTestId("replay-overlay");
    expect((await overlay.boundingBox())!.y).toBeLessThanOrEqual(160);
    const consoleBox = (await page.getByRole("region", { name: "Console" }).boundingBox())!;
    expect(consoleBox.y + consoleBox.height).toBeLessThanOrEqual(900);
    await page.getByRole("radio", { name: "Actual size" }).click();
    await expect.poll(async () => Math.round((await overlay.boundingBox())!.width)).toBe(visitor.page.viewportSize()!.width);
    await page.getByRole("radio", { name: "Fit" }).click();
    await expect.poll(async () => (await overlay.boundingBox())!.width).toBeLessThan(visitor.page.viewportSize()!.width);
    const scrolled = () => visitor.page.evaluate(() => window.scrollY);
    await atEveryWidthAndTheme(page, async (label, _width, theme) => {
      await overlay.scrollIntoViewIfNeeded();
      const box = (await overlay.boundingBox())!;
      const [pageBefore, visitorBefore] = [await page.evaluate(() => window.scrollY), await scrolled()];
      await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100));
      await page.mouse.wheel(0, visitorBefore > 2000 ? -400 : 400);
      await expect.poll(scrolled, `${label}: the wheel scrolls the visitor's page`).not.toBe(visitorBefore);
      expect.soft(await page.evaluate(() => window.scrollY), `${label}: and never the watch page`).toBe(pageBefore);
      await expect
        .configure({ soft: true })
        .poll(() => scrollsSideways(page), { message: `the watch page at ${label}: sideways scroll` })
        .toBe(false);
      expect.soft(await axeViolations(page, theme, "[data-testid=replay-root]"), `the watch page at ${label}`).toEqual([]);
    });
    await page.getByRole("button", { name: "End session" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End session" }).click();
    await expect(page.getByTestId("session-ended").getByRole("heading", { name: "How did this session go?" })).toBeVisible();

    // A declined session asks nothing, and its page tells what happened; its notes are written up later.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/visitors/${declining.visitorId}`);
    await page.getByRole("button", { name: "Co-browse", exact: true }).click();
    await expect(page).toHaveURL(/\/watch\/session\/s_/);
    const declinedId = page.url().split("/").pop()!;
    expect((await api.post("/collect/live/consent", { data: { sessionId: declinedId, accepted: false }, headers: declining.headers })).status()).toBe(200);
    await expect(page.getByTestId("session-end-reason")).toHaveText("The visitor declined the session.");
    await expect(page.getByRole("heading", { name: "How did this session go?" })).toHaveCount(0);
    await page.goto(`/sessions/${declinedId}`);
    const timeline = page.getByRole("list", { name: "Timeline" });
    await expect(timeline).toContainText("Sam Carter asked to co-browse");
    await expect(timeline).toContainText("The visitor declined");
    await expect(timeline).toContainText("Ended: the visitor declined");
    await page.getByRole("textbox", { name: "Notes" }).fill("Called back by phone instead.");
    await page.getByRole("button", { name: "Save notes" }).click();
    await expect(page.getByTestId("session-notes-status")).toHaveText("Saved");
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Notes" })).toHaveValue("Called back by phone instead.");

    // The agent's own rating of a session whose watch page is long closed, shown apart from the visitor's.
    await page.goto(`/sessions/${await agentSession()}`);
    await page.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "4 of 5" }).check();
    await page.getByRole("button", { name: "Send my rating" }).click();
    await expect(page.getByTestId("rating-your-rating")).toContainText("4/5");

    // Search finds what the list shows: a city, a tag's word.
    await page.goto("/visitors?search=Lisbon");
    await expect(page.locator("tr[data-visitor-id]").first()).toContainText("Lisbon");
    await page.goto("/visitors?search=vip");
    await expect(page.locator(`tr[data-visitor-id="${visitor.visitorId}"]`)).toContainText("#vip");

    // The help queue in one click: Take claims the request and opens the co-browse.
    // Registered now: a visitor asks for help while their page is open (online).
    asking = await registerVisitor(api, { identity: { callName: "Helpless Hal" } });
    expect((await api.post("/collect/help", { data: { waiting: true }, headers: asking.headers })).status()).toBe(200);
    await page.goto("/visitors");
    await page.getByRole("button", { name: "Take the request of Helpless Hal and co-browse" }).click();
    await expect(page).toHaveURL(/\/watch\/session\/s_/);

    // A lead: the team's sessions by agent, the developers' columns on demand, and the audit naming its targets.
    const lead = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } })).newPage();
    await signInAs(lead, demoUser("lead"));
    await lead.goto("/sessions");
    await lead.getByLabel("Agent", { exact: true }).selectOption({ label: "Sam Carter" });
    await expect(lead).toHaveURL(/[?&]agent=agent(@|%40)example\.com/);
    const agentsColumn = lead.getByTestId("session-row").locator("td:nth-child(6)");
    await expect(agentsColumn.first()).toBeVisible();
    for (const agents of await agentsColumn.allTextContents()) expect(agents).toContain("Sam Carter");
    await lead.goto("/agents/email:agent@example.com");
    await lead.getByRole("button", { name: "Columns" }).click();
    await lead.getByRole("checkbox", { name: "Source" }).check();
    await expect(lead.getByRole("table", { name: "Sessions" }).getByRole("columnheader", { name: "Source" })).toBeVisible();
    await lead.getByRole("checkbox", { name: "Source" }).uncheck();
    await lead.goto("/audit?action=session_declined");
    const declinedRow = lead.getByTestId("audit-row").filter({ hasText: `visitor_id=${declining.visitorId}` });
    await expect(declinedRow.getByRole("link", { name: "Session with Declining Dee" })).toHaveAttribute("href", `/sessions/${declinedId}`);
    await lead.context().close();
    expect(errors).toEqual([]);
  } finally {
    for (const each of [declining, asking]) if (each) await leave(api, each).catch(() => undefined);
    await visitor.close();
    await api.dispose();
  }
});
