import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { agentPoint, fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/**
 * AG Grid (`ag-grid-community`): a data grid with its own keyboard navigation (arrows move the focused
 * cell, a character starts editing, Enter commits) and cell editors that open on a double-click.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

interface GridWindow {
  grid: {
    getFocusedCell: () => { rowIndex: number; column: { getColId: () => string } } | null;
    forEachNode: (each: (node: { data: unknown }) => void) => void;
  };
}
const rows = (visitor: Page) =>
  visitor.evaluate(() => {
    const all: unknown[] = [];
    (window as unknown as GridWindow).grid.forEachNode((node) => all.push(node.data));
    return all;
  });

test("the agent moves through AG Grid with the arrows, edits a cell by typing and another at the caret it clicked", async ({ browser }) => {
  const pair = await openPair(browser, suite, "ag-grid.html", { ready: ".ag-cell" });
  const apple = await overlayPoint(pair, '.ag-row[row-index="0"] .ag-cell[col-id="fruit"]');
  await pair.agent.mouse.click(apple.x, apple.y);
  await pair.agent.keyboard.press("ArrowDown");
  await pair.agent.keyboard.press("ArrowRight");
  const focusedCell = () =>
    pair.visitor.evaluate(() => {
      const cell = (window as unknown as GridWindow).grid.getFocusedCell();
      return cell && `${cell.rowIndex} ${cell.column.getColId()}`;
    });
  await expect.poll(focusedCell).toBe("1 count");
  await pair.agent.keyboard.type("42");
  await pair.agent.keyboard.press("Enter");
  await expect
    .poll(() => rows(pair.visitor))
    .toEqual([
      { fruit: "Apple", count: "3" },
      { fruit: "Banana", count: "42" },
      { fruit: "Cherry", count: "7" },
    ]);

  const banana = await overlayPoint(pair, '.ag-row[row-index="1"] .ag-cell[col-id="fruit"]');
  await pair.agent.mouse.dblclick(banana.x, banana.y);
  const editor = pair.visitor.locator(".ag-cell-editor input");
  await expect(editor).toBeFocused();
  // The agent clicks into the editor it sees: its mirror shows the editor first.
  await expect(pair.mirror().locator(".ag-cell-editor input")).toBeVisible();
  // Between "Ban" and "ana".
  const caret = await editor.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const box = input.getBoundingClientRect();
    return { x: box.left + input.clientLeft + parseFloat(style.paddingLeft) + context.measureText("Ban").width + 1, y: box.top + box.height / 2 };
  });
  const point = await agentPoint(pair, caret.x, caret.y);
  await pair.agent.mouse.click(point.x, point.y);
  await pair.agent.keyboard.type("d");
  await pair.agent.keyboard.press("Enter");
  await expect
    .poll(() => rows(pair.visitor))
    .toEqual([
      { fruit: "Apple", count: "3" },
      { fruit: "Bandana", count: "42" },
      { fruit: "Cherry", count: "7" },
    ]);
  await pair.close();
});
