import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint } from "../fidelity/support/fidelity";

/** JSON Editor (`@json-editor/json-editor`, html theme): a form built from a JSON Schema, of native lists, a range and a date input. */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

test("the agent fills JSON Editor's native controls: a list, a list of several, a range by drag, a date typed", async ({ browser }) => {
  const pair = await openPair(browser, suite, "json-editor.html", { ready: "input[type=date]" });
  const click = async (selector: string) => {
    const point = await overlayPoint(pair, selector);
    await pair.agent.mouse.click(point.x, point.y);
  };
  const picker = pair.agent.getByRole("listbox");

  await click("select[name='root[room]']");
  await picker.getByRole("option", { name: "Suite" }).click();
  await click("select[name='root[extras]']");
  await picker.getByRole("option", { name: "breakfast" }).click();
  await picker.getByRole("option", { name: "spa" }).click();
  await pair.agent.getByRole("button", { name: "Done" }).click();

  const range = await overlayPoint(pair, "input[type=range]");
  await pair.agent.mouse.move(range.x, range.y);
  await pair.agent.mouse.down();
  await pair.agent.mouse.move(range.x + 200, range.y, { steps: 4 });
  await pair.agent.mouse.up();

  await click("input[type=date]");
  await pair.agent.keyboard.type("2026-12-01");

  const value = () => pair.visitor.evaluate(() => (window as unknown as { editor: { getValue(): unknown } }).editor.getValue());
  await expect.poll(value).toEqual({ room: "suite", extras: ["breakfast", "spa"], guests: 9, arrival: "2026-12-01" });
  await pair.close();
});
