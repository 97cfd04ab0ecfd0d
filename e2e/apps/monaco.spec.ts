import path from "node:path";
import { expect, test } from "../support/fixtures";
import { agentPoint, fidelitySuite, openPair } from "../fidelity/support/fidelity";

/**
 * Monaco (`monaco-editor`): in Chromium it takes text through EditContext (its `textupdate`), not from
 * the DOM or key events; it moves the caret and breaks lines on its own key handling.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

interface MonacoWindow {
  editor: {
    setValue: (value: string) => void;
    getValue: () => string;
    getDomNode: () => HTMLElement;
    getScrolledVisiblePosition: (position: { lineNumber: number; column: number }) => { left: number; top: number; height: number };
  };
}

test("the agent clicks into Monaco and types, breaks a line and moves the caret with the keys", async ({ browser }) => {
  const pair = await openPair(browser, suite, "monaco.html", {
    ready: ".monaco-editor",
    beforeAgent: async (visitor) => void (await visitor.waitForFunction(() => "editor" in window)),
  });
  await pair.visitor.evaluate(() => (window as unknown as MonacoWindow).editor.setValue("first line\nsecond line"));
  await expect(pair.mirror().locator(".view-line").nth(1)).toHaveText("second line");
  // Between "second " and "line".
  const caret = await pair.visitor.evaluate(() => {
    const { editor } = window as unknown as MonacoWindow;
    const at = editor.getScrolledVisiblePosition({ lineNumber: 2, column: 8 });
    const box = editor.getDomNode().getBoundingClientRect();
    return { x: box.left + at.left + 1, y: box.top + at.top + at.height / 2 };
  });
  const point = await agentPoint(pair, caret.x, caret.y);
  await pair.agent.mouse.click(point.x, point.y);
  await expect.poll(() => pair.visitor.evaluate(() => Boolean((document.activeElement as Element & { editContext?: unknown }).editContext))).toBe(true);
  await pair.agent.keyboard.type("new ");
  await pair.agent.keyboard.press("Enter");
  await pair.agent.keyboard.press("ArrowUp");
  await pair.agent.keyboard.press("Home");
  await pair.agent.keyboard.type("> ");
  await expect.poll(() => pair.visitor.evaluate(() => (window as unknown as MonacoWindow).editor.getValue())).toBe("first line\n> second new \nline");
  await pair.close();
});
