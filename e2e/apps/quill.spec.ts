import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/** Quill (`quill`, snow theme): a contenteditable rich-text editor that handles Enter and Ctrl+B itself. */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

test("the agent types paragraphs and bold text into Quill", async ({ browser }) => {
  const pair = await openPair(browser, suite, "quill.html", { ready: ".ql-editor" });
  const editor = await overlayPoint(pair, ".ql-editor");
  await pair.agent.mouse.click(editor.x, editor.y);
  await expect(pair.visitor.locator(".ql-editor")).toBeFocused();
  await pair.agent.keyboard.type("Hello");
  await pair.agent.keyboard.press("Enter");
  await pair.agent.keyboard.type("World ");
  await pair.agent.keyboard.press("Control+b");
  await pair.agent.keyboard.type("bold");
  await expect(pair.visitor.locator(".ql-editor")).toHaveJSProperty("innerHTML", "<p>Hello</p><p>World <strong>bold</strong></p>");
  expect(await pair.visitor.evaluate(() => (window as unknown as { quill: { getText: () => string } }).quill.getText())).toBe("Hello\nWorld bold\n");
  await pair.close();
});
