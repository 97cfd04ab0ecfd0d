import { describe, expect, it } from "vitest";
import { movedTo, toggled, type ChoiceOption } from "./select-choice";

const option = (value: string, extra: Partial<ChoiceOption> = {}): ChoiceOption => ({ value, label: value, disabled: false, selected: false, ...extra });
const options = [
  option("a", { disabled: true }),
  option("b", { selected: true }),
  option("c", { disabled: true }),
  option("d"),
  option("e", { disabled: true }),
];

describe("the select picker's keyboard", () => {
  it("moves over enabled options only, staying at the ends", () => {
    expect(movedTo(options, 1, "ArrowDown")).toBe(3);
    expect(movedTo(options, 3, "ArrowDown")).toBe(3);
    expect(movedTo(options, 3, "ArrowUp")).toBe(1);
    expect(movedTo(options, 1, "ArrowUp")).toBe(1);
    expect(movedTo(options, -1, "ArrowDown")).toBe(1);
    expect(movedTo(options, 3, "Home")).toBe(1);
    expect(movedTo(options, 1, "End")).toBe(3);
    expect(movedTo(options, 1, "x")).toBeNull();
    expect(movedTo([option("z", { disabled: true })], -1, "ArrowDown")).toBeNull();
  });

  it("toggles one option of a list that allows several, keeping the list's order", () => {
    const list = [option("red", { selected: true }), option("green"), option("blue", { selected: true })];
    expect(toggled(list, "green")).toEqual(["red", "green", "blue"]);
    expect(toggled(list, "red")).toEqual(["blue"]);
  });
});
