import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/**
 * Apps that read the wheel's legacy fields or own their input: a terminal (`@xterm/xterm`) scrolls its
 * scrollback and a chart (`echarts`) zooms by the wheel's `wheelDelta`; CodeMirror 6 (`@codemirror/view`)
 * reads what was typed from its own DOM, each key press at a time.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

interface AppsWindow {
  term: { buffer: { active: { viewportY: number; baseY: number } } };
  chart: { getOption: () => { dataZoom: { start: number; end: number }[] } };
  editor: { state: { doc: { toString: () => string } } };
}

test("the agent's wheel scrolls a terminal's scrollback up and zooms a chart in", async ({ browser }) => {
  const pair = await openPair(browser, suite, "xterm-echarts.html", { ready: ".xterm-screen" });
  const { agent, visitor } = pair;
  const scrollback = () =>
    visitor.evaluate(() => {
      const { viewportY, baseY } = (window as unknown as AppsWindow).term.buffer.active;
      return { viewportY, baseY };
    });
  expect((await scrollback()).viewportY).toBeGreaterThan(80);
  const terminal = await overlayPoint(pair, "#terminal");
  await agent.mouse.move(terminal.x, terminal.y);
  await agent.mouse.wheel(0, -300);
  await expect.poll(async () => (await scrollback()).viewportY).toBeLessThan((await scrollback()).baseY);

  const zoom = () => visitor.evaluate(() => (window as unknown as AppsWindow).chart.getOption().dataZoom[0]);
  expect(await zoom()).toMatchObject({ start: 0, end: 100 });
  const chart = await overlayPoint(pair, "#chart");
  await agent.mouse.move(chart.x, chart.y);
  await agent.mouse.wheel(0, -200);
  await expect.poll(async () => (await zoom()).end - (await zoom()).start).toBeLessThan(100);
  await pair.close();
});

test("the agent types fast into CodeMirror and every character arrives", async ({ browser }) => {
  const pair = await openPair(browser, suite, "codemirror.html", {
    ready: ".cm-content",
    beforeAgent: async (visitor) => void (await visitor.waitForFunction(() => "editor" in window)),
  });
  const line = await overlayPoint(pair, ".cm-line");
  await pair.agent.mouse.click(line.x, line.y);
  await expect.poll(() => pair.visitor.evaluate(() => document.activeElement?.className)).toContain("cm-content");
  await pair.agent.keyboard.type("hello, world");
  await pair.agent.keyboard.press("Enter");
  await pair.agent.keyboard.type("second line");
  await expect.poll(() => pair.visitor.evaluate(() => (window as unknown as AppsWindow).editor.state.doc.toString())).toBe("hello, world\nsecond line");
  await pair.close();
});
