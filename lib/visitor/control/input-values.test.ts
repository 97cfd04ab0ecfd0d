import { describe, expect, it } from "vitest";
import { rangeBounds, rangeValueAfterKey, rangeValueAt, snapToStep, takesTypedValue, typedValue } from "./input-values";

describe("typed values of date, time and colour inputs", () => {
  it("takes a value once the characters typed spell one, and not before", () => {
    const typed = "2026-12-01";
    const values = Array.from(typed, (_, index) => typedValue("date", typed.slice(0, index + 1)));
    expect(values.slice(0, -1).every((value) => value === null)).toBe(true);
    expect(values.at(-1)).toBe("2026-12-01");
    expect(typedValue("time", "14:3")).toBeNull();
    expect(typedValue("time", "14:30")).toBe("14:30");
    expect(typedValue("time", "14:30:15")).toBe("14:30:15");
    expect(typedValue("month", "2026-12")).toBe("2026-12");
    expect(typedValue("week", "2026-W49")).toBe("2026-W49");
    expect(typedValue("datetime-local", "2026-12-01 14:30")).toBe("2026-12-01T14:30");
    expect(typedValue("color", "#FF0000")).toBe("#ff0000");
    expect(typedValue("color", "#ff00")).toBeNull();
  });

  it("takes the last value typed when the agent types another without leaving the field", () => {
    expect(typedValue("date", "2026-12-012027-01-05")).toBe("2027-01-05");
    expect(typedValue("color", "#00ff00#123abc")).toBe("#123abc");
  });

  it("knows which inputs take a typed value", () => {
    expect(["date", "time", "month", "week", "datetime-local", "color"].every(takesTypedValue)).toBe(true);
    expect(["text", "range", "file", "number"].some(takesTypedValue)).toBe(false);
    expect(typedValue("text", "2026-12-01")).toBeNull();
  });
});

describe("range inputs", () => {
  const volume = rangeBounds({ min: "0", max: "100", step: "5" });

  it("reads min, max and step as the browser does, with its defaults", () => {
    expect(rangeBounds({ min: "", max: "", step: "" })).toEqual({ min: 0, max: 100, step: 1 });
    expect(rangeBounds({ min: "10", max: "5", step: "any" })).toEqual({ min: 10, max: 10, step: "any" });
    expect(rangeBounds({ min: "x", max: "1", step: "-2" })).toEqual({ min: 0, max: 1, step: 1 });
  });

  it("snaps to the steps counted from min, within the bounds", () => {
    expect(snapToStep(37, volume)).toBe(35);
    expect(snapToStep(38, volume)).toBe(40);
    expect(snapToStep(120, volume)).toBe(100);
    expect(snapToStep(0.3, rangeBounds({ min: "0", max: "1", step: "0.1" }))).toBe(0.3);
    expect(snapToStep(10, rangeBounds({ min: "1", max: "10", step: "2" }))).toBe(9);
  });

  it("gives the value under the pointer along the thumb's run (8 px in from each end)", () => {
    expect(rangeValueAt(100 + 8 + 0.8 * 300, 100, 316, volume)).toBe(80);
    expect(rangeValueAt(0, 100, 316, volume)).toBe(0);
    expect(rangeValueAt(1000, 100, 316, volume)).toBe(100);
  });

  it("moves one step per arrow, a tenth per page key, to the ends with Home and End", () => {
    expect(rangeValueAfterKey("ArrowLeft", 80, volume)).toBe(75);
    expect(rangeValueAfterKey("ArrowUp", 80, volume)).toBe(85);
    expect(rangeValueAfterKey("PageUp", 80, volume)).toBe(90);
    expect(rangeValueAfterKey("ArrowRight", 100, volume)).toBe(100);
    expect(rangeValueAfterKey("Home", 80, volume)).toBe(0);
    expect(rangeValueAfterKey("End", 80, volume)).toBe(100);
    expect(rangeValueAfterKey("a", 80, volume)).toBeNull();
  });
});
