import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint, type Pair } from "../fidelity/support/fidelity";

/**
 * Material Web (`@material/web`): web components whose fields, lists and dialog live in open shadow
 * roots. The dialog is a native `<dialog>` opened with `showModal()` inside its shadow root; it closes
 * on the browser's close request (its `cancel` event) and scrolls its content in a pane of the shadow
 * root.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

const value = (pair: Pair, id: string) => pair.visitor.evaluate((selector) => (document.getElementById(selector) as HTMLInputElement).value, id);

test("the agent types into a shadow-root field, picks in a custom select, scrolls and closes a modal dialog", async ({ browser }) => {
  const pair = await openPair(browser, suite, "material-web.html", {
    // The field's shadow root has reached the mirror (Playwright's selectors go through open shadow roots).
    ready: "#name input",
    beforeAgent: async (visitor) => void (await visitor.waitForFunction(() => customElements.get("md-dialog") && customElements.get("md-outlined-select"))),
  });
  const { agent, visitor } = pair;
  const click = async (selector: string) => {
    const point = await overlayPoint(pair, selector);
    await agent.mouse.click(point.x, point.y);
  };

  // A field inside a shadow root takes focus and the agent's typing.
  await click("#name");
  await expect.poll(() => visitor.evaluate(() => document.getElementById("name")!.shadowRoot!.activeElement?.localName)).toBe("input");
  await agent.keyboard.type("Ada");
  await expect.poll(() => value(pair, "name")).toBe("Ada");

  // The custom select opens on the agent's click (its list, a popover, is the visitor's to see); Escape closes it.
  const selectOpen = () => visitor.evaluate(() => (document.getElementById("size") as HTMLElement & { open: boolean }).open);
  await click("#size");
  await expect.poll(selectOpen).toBe(true);
  await agent.keyboard.press("Escape");
  await expect.poll(selectOpen).toBe(false);

  // The modal dialog: its content scrolls in a pane of its shadow root, Escape closes it.
  await click("#open");
  const dialogOpen = () => visitor.evaluate(() => (document.getElementById("terms") as HTMLElement & { open: boolean }).open);
  await expect.poll(dialogOpen).toBe(true);
  const mirrorModal = () =>
    pair
      .mirror()
      .locator("#terms")
      .evaluate((host) => host.shadowRoot!.querySelectorAll("dialog:modal").length);
  await expect.poll(mirrorModal).toBe(1);
  // The mirror's dialog did not take the agent's keyboard: the overlay over the mirror keeps it.
  await expect(agent.getByTestId("replay-overlay")).toBeFocused();
  const scroller = () => visitor.evaluate(() => document.getElementById("terms")!.shadowRoot!.querySelector(".scroller")!.scrollTop);
  const clause = await overlayPoint(pair, "#terms-text p:nth-child(3)");
  await agent.mouse.move(clause.x, clause.y);
  await agent.mouse.wheel(0, 200);
  await expect.poll(scroller).toBeGreaterThan(100);
  expect(await visitor.evaluate(() => scrollY)).toBe(0);
  await agent.keyboard.press("Escape");
  await expect.poll(dialogOpen).toBe(false);

  // Once it closed on the visitor's page, the mirror is no longer modal: the agent's clicks land again.
  await expect.poll(mirrorModal).toBe(0);
  await click("#name");
  await agent.keyboard.press("End");
  await agent.keyboard.type(" L.");
  await expect.poll(() => value(pair, "name")).toBe("Ada L.");
  await pair.close();
});
