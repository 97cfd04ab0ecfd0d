import path from "node:path";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, overlayPoint, type Pair } from "../fidelity/support/fidelity";

/**
 * TodoMVC (the `todomvc` package's builds, served as published): the agent types a todo and presses
 * Enter in the watch page, and the app on the visitor's page adds it; a double-click on it edits it.
 * Each build listens to another key event: vanilla to `change` and `keypress`, React to `keydown`,
 * Vue to `keyup`.
 */
const suite = fidelitySuite({}, path.resolve("e2e", "apps", "pages"));

async function agentClick(pair: Pair, selector: string, clickCount = 1) {
  const point = await overlayPoint(pair, selector);
  await pair.agent.mouse.click(point.x, point.y, { clickCount });
}

for (const build of ["vanillajs", "react", "vue"]) {
  test(`TodoMVC ${build}: the agent adds a todo with the keyboard`, async ({ browser }) => {
    const pair = await openPair(browser, suite, `node_modules/todomvc/examples/${build}/index.html`, { ready: "#new-todo" });
    await agentClick(pair, "#new-todo");
    await expect(pair.visitor.locator("#new-todo")).toBeFocused();
    await pair.agent.keyboard.type("Buy milk");
    await pair.agent.keyboard.press("Enter");
    await expect(pair.visitor.locator("#todo-list li label")).toHaveText(["Buy milk"]);
    await expect(pair.visitor.locator("#new-todo")).toHaveValue("");
    await expect(pair.mirror().locator("#todo-list li label")).toHaveText(["Buy milk"]);

    // A second todo, corrected with Backspace and the arrows before Enter.
    await pair.agent.keyboard.type("Walk teh");
    await pair.agent.keyboard.press("Backspace");
    await pair.agent.keyboard.press("Backspace");
    await pair.agent.keyboard.type("he dog");
    await pair.agent.keyboard.press("Home");
    await pair.agent.keyboard.press("ArrowRight");
    await pair.agent.keyboard.press("Shift+ArrowRight");
    await pair.agent.keyboard.type("A");
    await pair.agent.keyboard.press("Enter");
    await expect(pair.visitor.locator("#todo-list li label")).toHaveText(["Buy milk", "WAlk the dog"]);
    await pair.close();
  });
}

test("TodoMVC vanillajs: a double-click on a todo edits it, Enter saves the edit", async ({ browser }) => {
  const pair = await openPair(browser, suite, "node_modules/todomvc/examples/vanillajs/index.html", { ready: "#new-todo" });
  await agentClick(pair, "#new-todo");
  await pair.agent.keyboard.type("Buy milk");
  await pair.agent.keyboard.press("Enter");
  await expect(pair.mirror().locator("#todo-list li label")).toHaveText(["Buy milk"]);

  await agentClick(pair, "#todo-list li label", 2);
  await expect(pair.visitor.locator("#todo-list li .edit")).toBeFocused();
  await pair.agent.keyboard.press("End");
  await pair.agent.keyboard.type(" and bread");
  await pair.agent.keyboard.press("Enter");
  await expect(pair.visitor.locator("#todo-list li label")).toHaveText(["Buy milk and bread"]);
  await pair.close();
});
