import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint, type Pair } from "./support/fidelity";

/**
 * What the mirror cannot open or move by itself: a list opens as a picker in the watch page; a range
 * follows drags and arrow keys; date, time and colour inputs take typed values; a file input is the
 * visitor's alone. The visitor's focus and text selection are drawn over the mirror.
 */
const suite = fidelitySuite();

const pageLog = (pair: Pair) => pair.visitor.evaluate(() => (window as unknown as { pageLog: string[] }).pageLog);
const clearLog = (pair: Pair) => pair.visitor.evaluate(() => ((window as unknown as { pageLog: string[] }).pageLog.length = 0));

async function agentClick(pair: Pair, selector: string) {
  const point = await overlayPoint(pair, selector);
  await pair.agent.mouse.click(point.x, point.y);
}

test("a list opens as a picker over the mirror; the choice reaches the visitor's list with input and change; a masked list opens none", async ({ browser }) => {
  const pair = await openPair(browser, suite, "controls.html", { ready: "#fruit" });
  await agentClick(pair, "#fruit");
  const picker = pair.agent.getByRole("listbox", { name: "The visitor's list: choose an option" });
  await expect(picker).toBeFocused();
  await expect(picker.getByRole("option", { name: "Apple" })).toHaveAttribute("aria-selected", "true");
  await pair.agent.keyboard.press("ArrowDown"); // Banana is disabled: skipped
  await pair.agent.keyboard.press("Enter");
  await expect(pair.visitor.locator("#fruit")).toHaveValue("cherry");
  await expect(picker).toBeHidden();
  await expect.poll(() => pageLog(pair)).toEqual(["fruit click apple", "fruit input cherry", "fruit change cherry"]);
  await expect(pair.mirror().locator("#fruit")).toHaveValue("cherry");
  // The list keeps the visitor's focus: Space opens the picker again, as on a person's keyboard.
  await pair.agent.keyboard.press("Space");
  await expect(picker).toBeFocused();
  await pair.agent.keyboard.press("Escape");
  await expect(picker).toBeHidden();

  await agentClick(pair, "#colours");
  await expect(picker).toHaveAttribute("aria-multiselectable", "true");
  await picker.getByRole("option", { name: "Red" }).click();
  await picker.getByRole("option", { name: "Blue" }).click();
  await pair.agent.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect
    .poll(() => pair.visitor.locator("#colours").evaluate((list: HTMLSelectElement) => Array.from(list.selectedOptions, (o) => o.value)))
    .toEqual(["red", "blue"]);
  expect((await pageLog(pair)).filter((entry) => entry.startsWith("colours change"))).toEqual(["colours change red", "colours change red,blue"]);
  // The mirror shows every option selected (rrweb's input events carry the first only), and so does the picker.
  await expect
    .poll(() =>
      pair
        .mirror()
        .locator("#colours")
        .evaluate((list: HTMLSelectElement) => Array.from(list.selectedOptions, (o) => o.value)),
    )
    .toEqual(["red", "blue"]);
  await agentClick(pair, "#colours");
  await expect(picker.getByRole("option", { selected: true })).toHaveText([/Red/, /Blue/]);
  await pair.agent.keyboard.press("Escape");

  await agentClick(pair, "select.no-cobrowse");
  await expect(pair.agent.getByTestId("control-notice")).toHaveText("This list is masked: its options are not shared.");
  await expect(picker).toBeHidden();
  await agentClick(pair, "#upload"); // tools arrive in order: once this has been refused, the click before it was dealt with
  expect((await pageLog(pair)).filter((entry) => entry.startsWith("secret"))).toEqual([]);
  await pair.close();
});

test("a file input is refused with a notice to the agent; nothing happens on the visitor's page", async ({ browser }) => {
  const pair = await openPair(browser, suite, "controls.html", { ready: "#upload" });
  await agentClick(pair, "#upload");
  await expect(pair.agent.getByTestId("control-notice")).toHaveText("A file can only be chosen by the visitor: ask them to choose it on their page.");
  await agentClick(pair, "#fruit");
  await expect.poll(() => pageLog(pair)).toEqual(["fruit click apple"]);
  await expect(pair.agent.getByTestId("control-notice")).toBeHidden();
  await pair.close();
});

test("a range follows a drag (input at each step, change on release) and arrow keys; date, time and colour take typed values", async ({ browser }) => {
  const pair = await openPair(browser, suite, "controls.html", { ready: "#range" });
  // The range is 316 px wide: its thumb's centre runs over the 300 px between 8 px from each end.
  const box = await pair
    .mirror()
    .locator("#range")
    .evaluate((range) => range.getBoundingClientRect().toJSON() as DOMRect);
  const start = await overlayPoint(pair, "#range");
  await pair.agent.mouse.move(start.x, start.y);
  await pair.agent.mouse.down();
  for (const fraction of [0.6, 0.7, 0.8]) {
    await pair.agent.mouse.move(start.x - box.width / 2 + 8 + fraction * 300, start.y, { steps: 2 });
    await pair.agent.waitForTimeout(40);
  }
  await pair.agent.mouse.up();
  await expect(pair.visitor.locator("#range")).toHaveValue("80");
  // `change` comes with the release, after the moves.
  await expect.poll(async () => (await pageLog(pair)).filter((entry) => entry.startsWith("range change"))).toEqual(["range change 80"]);
  const dragLog = await pageLog(pair);
  expect(dragLog.filter((entry) => entry.startsWith("range input")).length).toBeGreaterThanOrEqual(2);
  expect(dragLog).not.toContain("range click 80");
  await expect(pair.mirror().locator("#range")).toHaveValue("80");

  await clearLog(pair);
  await pair.agent.keyboard.press("ArrowLeft");
  await expect(pair.visitor.locator("#range")).toHaveValue("75");
  await pair.agent.keyboard.press("End");
  await expect(pair.visitor.locator("#range")).toHaveValue("100");
  expect(await pageLog(pair)).toEqual(["range input 75", "range change 75", "range input 100", "range change 100"]);

  await clearLog(pair);
  await agentClick(pair, "#day");
  await pair.agent.keyboard.type("2026-12-01");
  await expect(pair.visitor.locator("#day")).toHaveValue("2026-12-01");
  await agentClick(pair, "#hour");
  await pair.agent.keyboard.type("14:30");
  await expect(pair.visitor.locator("#hour")).toHaveValue("14:30");
  await agentClick(pair, "#paint");
  await pair.agent.keyboard.type("#FF0000");
  await expect(pair.visitor.locator("#paint")).toHaveValue("#ff0000");
  expect((await pageLog(pair)).filter((entry) => !entry.includes(" click "))).toEqual([
    "day input 2026-12-01",
    "day change 2026-12-01",
    "hour input 14:30",
    "hour change 14:30",
    "paint input #ff0000",
    "paint change #ff0000",
  ]);
  await expect(pair.mirror().locator("#day")).toHaveValue("2026-12-01");
  await pair.close();
});

test("the visitor's focus and text selection are drawn over the mirror; a masked field's selection is not", async ({ browser }) => {
  const pair = await openPair(browser, suite, "controls.html", { ready: "#phrase" });
  const ring = pair.agent.getByTestId("visitor-focus");
  const selection = pair.agent.getByTestId("visitor-selection");
  const root = (await pair.agent.getByTestId("replay-root").boundingBox())!;
  const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(2);

  // "wonderful" selected in the field: the highlight covers it, where the field draws it.
  const expected = await pair.visitor.locator("#phrase").evaluate((field: HTMLInputElement) => {
    field.focus();
    field.setSelectionRange(6, 15);
    const style = getComputedStyle(field);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const box = field.getBoundingClientRect();
    const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    return { field: box.toJSON() as DOMRect, x: left + context.measureText("Hello ").width, width: context.measureText("wonderful").width };
  });
  await expect(ring).toBeVisible();
  await expect(selection).toHaveCount(1);
  const ringBox = (await ring.boundingBox())!;
  // The ring runs 2 px outside the field, its 2 px stroke centred on that line.
  near(ringBox.x - root.x, expected.field.x - 3);
  near(ringBox.width, expected.field.width + 6);
  const highlighted = (await selection.boundingBox())!;
  near(highlighted.x - root.x, expected.x);
  near(highlighted.width, expected.width);

  // The document's selection, once the field has lost focus: no ring, the paragraph's text highlighted.
  const text = await pair.visitor.evaluate(() => {
    (document.activeElement as HTMLElement).blur();
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("para")!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return range.getBoundingClientRect().toJSON() as DOMRect;
  });
  await expect(ring).toHaveCount(0);
  await expect(selection).toHaveCount(1);
  const paragraph = (await selection.boundingBox())!;
  near(paragraph.x - root.x, text.x);
  near(paragraph.y - root.y, text.y);
  near(paragraph.width, text.width);

  // A masked field: its box is ringed when focused, its selection never sent.
  await pair.visitor.evaluate(() => {
    getSelection()!.removeAllRanges();
    const field = document.getElementById("pin") as HTMLInputElement;
    field.focus();
    field.setSelectionRange(0, 4);
  });
  await expect(ring).toBeVisible();
  await expect(selection).toHaveCount(0);
  await pair.close();
});
