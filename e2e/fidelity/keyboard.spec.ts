import { expect, test } from "../support/fixtures";
import { agentPoint, fidelitySuite, openPair, overlayPoint, type Pair } from "./support/fidelity";

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

/** The visitor's viewport point just inside the start of character `index` of the field or element's first text. */
async function characterPoint(pair: Pair, selector: string, index: number) {
  const point = await pair.visitor.locator(selector).evaluate((element, at) => {
    if (element instanceof HTMLInputElement) {
      const style = getComputedStyle(element);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const box = element.getBoundingClientRect();
      const left = box.left + element.clientLeft + parseFloat(style.paddingLeft) + context.measureText(element.value.slice(0, at)).width;
      return { x: left + 1, y: box.top + box.height / 2 };
    }
    const range = document.createRange();
    range.setStart(element.firstChild!, at);
    range.setEnd(element.firstChild!, at + 1);
    const box = range.getBoundingClientRect();
    return { x: box.left + 1, y: box.top + box.height / 2 };
  }, index);
  return agentPoint(pair, point.x, point.y);
}

async function agentDrag(pair: Pair, from: { x: number; y: number }, to: { x: number; y: number }) {
  await pair.agent.mouse.move(from.x, from.y);
  await pair.agent.mouse.down();
  for (let step = 1; step <= 5; step++) {
    await pair.agent.mouse.move(from.x + ((to.x - from.x) * step) / 5, from.y + ((to.y - from.y) * step) / 5);
    await pair.agent.waitForTimeout(40);
  }
  await pair.agent.mouse.up();
}

const selectedText = (pair: Pair) => pair.visitor.evaluate(() => String(document.getSelection()));
const fieldSelection = (pair: Pair, selector: string) =>
  pair.visitor.locator(selector).evaluate((field: HTMLInputElement) => field.value.slice(field.selectionStart!, field.selectionEnd!));

test("a click puts the caret where it was; a drag over text selects it; Shift+arrows extend the selection", async ({ browser }) => {
  const pair = await openPair(browser, suite, "selection.html", { ready: "#prose" });
  const brave = await characterPoint(pair, "#sentence", 6);
  await pair.agent.mouse.click(brave.x, brave.y);
  await pair.agent.keyboard.type("X");
  await expect(pair.visitor.locator("#sentence")).toHaveValue("hello Xbrave world");
  for (let step = 0; step < 5; step++) await pair.agent.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => fieldSelection(pair, "#sentence")).toBe("brave");

  await agentDrag(pair, await characterPoint(pair, "#sentence", 0), await characterPoint(pair, "#sentence", 5));
  await expect.poll(() => fieldSelection(pair, "#sentence")).toBe("hello");

  const proseText = "alpha beta gamma";
  expect(await pair.visitor.locator("#prose").textContent()).toBe(proseText);
  await agentDrag(pair, await characterPoint(pair, "#prose", 6), await characterPoint(pair, "#prose", 10));
  await expect(pair.visitor.locator("#prose")).toBeFocused();
  await expect.poll(() => selectedText(pair)).toBe("beta");
  await pair.agent.keyboard.press("Shift+ArrowRight");
  await pair.agent.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => selectedText(pair)).toBe("beta g");
  await pair.agent.keyboard.type("B");
  await expect(pair.visitor.locator("#prose")).toHaveText("alpha Bamma");
  await pair.close();
});

test("a double-click selects the word under it, a triple-click the line or the paragraph", async ({ browser }) => {
  const pair = await openPair(browser, suite, "selection.html", { ready: "#prose" });
  const brave = await characterPoint(pair, "#sentence", 8);
  await pair.agent.mouse.dblclick(brave.x, brave.y);
  await expect.poll(() => fieldSelection(pair, "#sentence")).toBe("brave");
  await pair.agent.mouse.click(brave.x, brave.y, { clickCount: 3 });
  await expect.poll(() => fieldSelection(pair, "#sentence")).toBe("hello brave world");

  const beta = await characterPoint(pair, "#prose", 8);
  await pair.agent.mouse.dblclick(beta.x, beta.y);
  await expect.poll(() => selectedText(pair)).toBe("beta");
  await pair.agent.mouse.click(beta.x, beta.y, { clickCount: 3 });
  await expect.poll(() => selectedText(pair)).toBe("alpha beta gamma");
  await pair.close();
});

test("text composed with an input method arrives as one insertion inside composition events, not as keys", async ({ browser }) => {
  const pair = await openPair(browser, suite, "selection.html", { ready: "#composed" });
  // The agent's browser composes as an input method does (no key events), then commits.
  const ime = await pair.agent.context().newCDPSession(pair.agent);
  const compose = async () => {
    await ime.send("Input.imeSetComposition", { text: "に", selectionStart: 1, selectionEnd: 1 });
    await ime.send("Input.imeSetComposition", { text: "にほん", selectionStart: 3, selectionEnd: 3 });
    await ime.send("Input.insertText", { text: "日本" });
  };
  // A masked field the visitor focused gets nothing.
  await pair.visitor.focus("#composed-secret");
  await pair.agent.getByTestId("replay-overlay").focus();
  await compose();
  const field = await overlayPoint(pair, "#composed");
  await pair.agent.mouse.click(field.x, field.y);
  await expect(pair.visitor.locator("#composed")).toBeFocused();
  await compose();
  await expect(pair.visitor.locator("#composed")).toHaveValue("日本");
  expect(await pair.visitor.locator("#composed-secret").inputValue()).toBe("");
  expect(await pageLog(pair)).toEqual(["compositionstart", "compositionupdate 日本", "beforeinput insertCompositionText 日本", "compositionend 日本"]);
  await pair.agent.keyboard.type("!");
  await expect(pair.visitor.locator("#composed")).toHaveValue("日本!");
  await pair.close();
});

test("click, keys, hover, drag and wheel reach into a same-origin frame at the point the agent chose", async ({ browser }) => {
  const pair = await openPair(browser, suite, "selection.html", { ready: "#pane" });
  await expect(pair.mirror().frameLocator("#pane").locator("#list")).toBeAttached();
  /** The visitor's viewport point at the centre of `selector` in the frame, then the agent's point for it. */
  const inFrame = async (selector: string, dx = 0) => {
    const point = await pair.visitor.evaluate(
      ({ selector, dx }) => {
        const frame = document.getElementById("pane") as HTMLIFrameElement;
        const box = frame.getBoundingClientRect();
        const style = getComputedStyle(frame);
        const inner = frame.contentDocument!.querySelector(selector)!.getBoundingClientRect();
        const left = box.left + frame.clientLeft + parseFloat(style.paddingLeft);
        const top = box.top + frame.clientTop + parseFloat(style.paddingTop);
        return { x: left + inner.left + (dx || inner.width / 2), y: top + inner.top + inner.height / 2 };
      },
      { selector, dx },
    );
    return agentPoint(pair, point.x, point.y);
  };
  const frameLog = () => pageLog(pair);

  // A masked element in the frame gets no click; tools arrive in order, so the next click shows it was dealt with.
  const secret = await inFrame("#frame-secret");
  await pair.agent.mouse.click(secret.x, secret.y);
  const note = await inFrame("#note");
  await pair.agent.mouse.click(note.x, note.y);
  await expect.poll(frameLog).toContain("note click true");
  expect(await frameLog()).not.toContain("frame-secret click");
  await pair.agent.keyboard.type("hi");
  await expect(pair.visitor.frameLocator("#pane").locator("#note")).toHaveText("hi");

  const hover = await inFrame("#hover-me");
  await pair.agent.mouse.move(hover.x, hover.y, { steps: 2 });
  await expect.poll(frameLog).toContain("hover-me mouseenter true true");

  await clearLog(pair);
  const knob = await inFrame("#knob", 10);
  await agentDrag(pair, knob, { x: knob.x + 40, y: knob.y });
  await expect.poll(frameLog).toEqual(["knob pointerdown 10", "pointerup knob"]);

  const list = await inFrame("#list");
  await pair.agent.mouse.move(list.x, list.y);
  await pair.agent.mouse.wheel(0, 40);
  await expect
    .poll(() =>
      pair.visitor
        .frameLocator("#pane")
        .locator("#list")
        .evaluate((element) => element.scrollTop),
    )
    .toBeGreaterThan(0);
  expect(await pair.visitor.evaluate(() => scrollY)).toBe(0);
  await pair.close();
});
