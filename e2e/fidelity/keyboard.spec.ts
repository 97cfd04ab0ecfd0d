import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint, type Pair } from "./support/fidelity";

/**
 * The agent's keyboard and mouse act on the visitor's page like a person's: key events with their
 * default actions, double and right clicks, hover, drags; the watch page keeps no key for itself but
 * one that leaves it; a masked element gets nothing.
 */
const suite = fidelitySuite();

const pageLog = (pair: Pair) => pair.visitor.evaluate(() => (window as unknown as { pageLog: string[] }).pageLog);
const clearLog = (pair: Pair) => pair.visitor.evaluate(() => ((window as unknown as { pageLog: string[] }).pageLog.length = 0));

async function agentClick(pair: Pair, selector: string, options: { clickCount?: number; button?: "left" | "right" } = {}) {
  const point = await overlayPoint(pair, selector);
  await pair.agent.mouse.click(point.x, point.y, options);
}

test("a key press reaches the focused field as keydown, keypress, beforeinput, input, keyup; a cancelled keydown types nothing", async ({ browser }) => {
  const pair = await openPair(browser, suite, "keyboard.html", { ready: "#thumb" });
  await agentClick(pair, "#name");
  await expect(pair.visitor.locator("#name")).toBeFocused();
  await clearLog(pair);
  await pair.agent.keyboard.type("a");
  await expect
    .poll(() => pageLog(pair))
    .toEqual(["name keydown a KeyA 65", "name keypress a KeyA 97", "name beforeinput insertText a", "name input insertText a", "name keyup a KeyA 65"]);
  await expect(pair.visitor.locator("#name")).toHaveValue("a");

  await agentClick(pair, "#guarded");
  await pair.agent.keyboard.type("xyx!");
  await expect(pair.visitor.locator("#guarded")).toHaveValue("y!");
  await pair.close();
});

test("Tab, Shift+Tab and Escape go to the visitor's page; Ctrl+Alt+Shift leaves the mirror", async ({ browser }) => {
  const pair = await openPair(browser, suite, "keyboard.html", { ready: "#thumb" });
  await agentClick(pair, "#name");
  await pair.agent.keyboard.press("Tab");
  await expect(pair.visitor.locator("#guarded")).toBeFocused();
  await pair.agent.keyboard.press("Shift+Tab");
  await expect(pair.visitor.locator("#name")).toBeFocused();
  await pair.agent.keyboard.press("Escape");
  await expect.poll(() => pageLog(pair)).toContain("document keydown Escape");
  const overlay = pair.agent.getByTestId("replay-overlay");
  await expect(overlay).toBeFocused();

  await expect(pair.agent.getByTestId("leave-keys-hint")).toContainText("Ctrl+Alt+Shift");
  await pair.agent.keyboard.down("Control");
  await pair.agent.keyboard.down("Alt");
  await pair.agent.keyboard.down("Shift");
  await pair.agent.keyboard.up("Shift");
  await pair.agent.keyboard.up("Alt");
  await pair.agent.keyboard.up("Control");
  await expect(pair.agent.getByTestId("leave-keys-hint")).toBeFocused();
  await pair.close();
});

test("text goes into a textarea and a contenteditable; a paste arrives as one insertion", async ({ browser }) => {
  const pair = await openPair(browser, suite, "keyboard.html", { ready: "#thumb" });
  await agentClick(pair, "#editor");
  await expect(pair.visitor.locator("#editor")).toBeFocused();
  await pair.agent.keyboard.type("Hello");
  await pair.agent.keyboard.press("Enter");
  await pair.agent.keyboard.type("World");
  await expect(pair.visitor.locator("#editor")).toHaveText(/Hello\s*World/);
  await expect.poll(() => pair.visitor.locator("#editor").evaluate((editor) => (editor as HTMLElement).innerText)).toBe("Hello\nWorld");

  await agentClick(pair, "#notes");
  await clearLog(pair);
  await pair.agent.getByTestId("replay-overlay").evaluate((overlay) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", "line one\nline two");
    overlay.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
  });
  await expect(pair.visitor.locator("#notes")).toHaveValue("line one\nline two");
  const log = await pageLog(pair);
  expect(log.filter((entry) => entry.startsWith("notes beforeinput"))).toEqual(["notes beforeinput insertFromPaste line one\nline two"]);
  expect(log.filter((entry) => entry.startsWith("notes keydown"))).toEqual([]);
  await pair.close();
});

test("a masked field gets no key and a masked button no click, while the rest of the page gets both", async ({ browser }) => {
  const pair = await openPair(browser, suite, "keyboard.html", { ready: "#thumb" });
  await pair.visitor.focus("#secret");
  await pair.agent.getByTestId("replay-overlay").focus();
  await pair.agent.keyboard.type("abc");
  await pair.agent.keyboard.press("Backspace");
  await pair.agent.keyboard.press("Enter");
  await agentClick(pair, "button.no-cobrowse");
  // Tools arrive in order: once this click has, the keys and click before it have been dealt with.
  await agentClick(pair, "#target");
  await expect.poll(() => pageLog(pair)).toContain("target click 0 1");
  expect(await pair.visitor.locator("#secret").inputValue()).toBe("");
  expect((await pageLog(pair)).filter((entry) => entry.startsWith("secret") || entry.startsWith("masked-button"))).toEqual([]);

  // Keys to an unmasked field the visitor focuses do arrive.
  await pair.visitor.focus("#name");
  await pair.agent.keyboard.type("z");
  await expect(pair.visitor.locator("#name")).toHaveValue("z");
  expect(await pageLog(pair)).toContain("name keydown z KeyZ 90");
  await pair.close();
});

test("a double-click and a right-click reach the page; hover opens a menu; a drag moves a handle and clicks nothing", async ({ browser }) => {
  const pair = await openPair(browser, suite, "keyboard.html", { ready: "#thumb" });
  await agentClick(pair, "#target", { clickCount: 2 });
  await expect
    .poll(async () => (await pageLog(pair)).filter((entry) => /click/.test(entry)))
    .toEqual(["target click 0 1", "target click 0 2", "target dblclick 0 2"]);
  await clearLog(pair);
  await agentClick(pair, "#target", { button: "right" });
  await expect.poll(() => pageLog(pair)).toEqual(["target mousedown 2 1", "target contextmenu 2 0"]);

  const menu = await overlayPoint(pair, "#menu-button");
  await pair.agent.mouse.move(menu.x, menu.y, { steps: 2 });
  await expect(pair.visitor.locator("#menu")).toBeVisible();
  await pair.agent.mouse.move(menu.x, menu.y + 200, { steps: 2 });
  await expect.poll(() => pageLog(pair)).toContain("menu-button mouseleave");

  await clearLog(pair);
  const thumb = await overlayPoint(pair, "#thumb");
  await pair.agent.mouse.move(thumb.x, thumb.y);
  await pair.agent.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await pair.agent.mouse.move(thumb.x + step * 20, thumb.y);
    await pair.agent.waitForTimeout(40);
  }
  await pair.agent.mouse.up();
  await expect.poll(() => pair.visitor.locator("#thumb").evaluate((element) => (element as HTMLElement).offsetLeft)).toBeGreaterThan(150);
  await expect(pair.mirror().locator("#thumb")).toHaveCSS("left", /^(1[5-9]\d|2\d\d)/);
  expect(await pageLog(pair)).not.toContain("track click");
  await pair.close();
});
