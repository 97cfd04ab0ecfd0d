import path from "node:path";
import { expect, test } from "../support/fixtures";
import { agentPoint, fidelitySuite, openPair, type Pair } from "../fidelity/support/fidelity";

/** TinyMCE (`tinymce`, self-hosted): its editable document is an iframe's; it makes text bold on Ctrl+B itself. */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

interface TinyWindow {
  tinymce: { activeEditor: { initialized: boolean; setContent: (html: string) => void; getContent: () => string } | null };
}
const content = (pair: Pair) => pair.visitor.evaluate(() => (window as unknown as TinyWindow).tinymce.activeEditor!.getContent());

/** The agent's point at the start (or, with `after`, the end) of character `index` of the editor's first paragraph. */
async function characterPoint(pair: Pair, index: number, after = false) {
  const point = await pair.visitor.evaluate(
    ({ index, after }) => {
      const frame = document.querySelector<HTMLIFrameElement>(".tox-edit-area iframe")!;
      const text = frame.contentDocument!.querySelector("p")!.firstChild!;
      const range = frame.contentDocument!.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      const character = range.getBoundingClientRect();
      const box = frame.getBoundingClientRect();
      return {
        x: box.left + frame.clientLeft + (after ? character.right - 1 : character.left + 1),
        y: box.top + frame.clientTop + character.top + character.height / 2,
      };
    },
    { index, after },
  );
  return agentPoint(pair, point.x, point.y);
}

test("in TinyMCE's iframe, the agent types where it clicked and makes the words it dragged over bold", async ({ browser }) => {
  const pair = await openPair(browser, suite, "tinymce.html", {
    ready: ".tox-edit-area iframe",
    beforeAgent: async (visitor) => void (await visitor.waitForFunction(() => (window as unknown as TinyWindow).tinymce.activeEditor?.initialized)),
  });
  await pair.visitor.evaluate(() => (window as unknown as TinyWindow).tinymce.activeEditor!.setContent("<p>Hello world</p>"));
  const world = await characterPoint(pair, 6);
  await pair.agent.mouse.click(world.x, world.y);
  await expect(pair.visitor.locator(".tox-edit-area iframe")).toBeFocused();
  await pair.agent.keyboard.type("brave ");
  await expect.poll(() => content(pair)).toBe("<p>Hello brave world</p>");

  const from = await characterPoint(pair, 12);
  const to = await characterPoint(pair, 16, true);
  await pair.agent.mouse.move(from.x, from.y);
  await pair.agent.mouse.down();
  for (let step = 1; step <= 5; step++) {
    await pair.agent.mouse.move(from.x + ((to.x - from.x) * step) / 5, to.y);
    await pair.agent.waitForTimeout(40);
  }
  await pair.agent.mouse.up();
  await pair.agent.keyboard.press("Control+b");
  await expect.poll(() => content(pair)).toBe("<p>Hello brave <strong>world</strong></p>");
  await pair.close();
});
