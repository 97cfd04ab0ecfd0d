import { describe, expect, it } from "vitest";
import { gatheredPerTurn } from "./gathered-per-turn";

describe("gatheredPerTurn", () => {
  it("answers the calls of one turn with one run over their inputs, in order, and the next turn's with another", async () => {
    const runs: number[][] = [];
    const double = gatheredPerTurn(async (inputs: number[]) => {
      runs.push(inputs);
      return inputs.map((input) => input * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it("fails every call of a turn whose run fails, and only those", async () => {
    let fail = true;
    const echo = gatheredPerTurn(async (inputs: string[]) => {
      if (fail) throw new Error("the database cannot serve");
      return inputs;
    });
    const failed = await Promise.allSettled([echo("a"), echo("b")]);
    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await echo("c")).toBe("c");
  });
});
