import { describe, expect, it } from "vitest";
import { formatDuration } from "./format";

describe("formatDuration", () => {
  it.each([
    [0, "0s"],
    [42, "42s"],
    [205, "3m 25s"],
    [3723, "1h 02m 03s"],
    [-5, "0s"],
  ])("%i s reads %s", (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});
