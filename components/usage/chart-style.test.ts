import { describe, expect, it } from "vitest";
import { COUNT_STEPS, HOUR_STEPS, niceTicks } from "./chart-style";

describe("niceTicks", () => {
  it("goes from 0 to a round top at or above the largest value, in whole steps", () => {
    expect(niceTicks(6, COUNT_STEPS)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(7, COUNT_STEPS)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(37, COUNT_STEPS)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(2.4, COUNT_STEPS)).toEqual([0, 1, 2, 3]);
  });

  it("draws an empty series from 0 to 1", () => {
    expect(niceTicks(0, COUNT_STEPS)).toEqual([0, 1]);
  });

  it("steps seconds in tenths of an hour and up", () => {
    expect(niceTicks(6600, HOUR_STEPS)).toEqual([0, 1800, 3600, 5400, 7200]);
    expect(niceTicks(500, HOUR_STEPS)).toEqual([0, 360, 720]);
  });
});
