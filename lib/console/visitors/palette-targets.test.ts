import { describe, expect, it } from "vitest";
import { visitorTargets } from "./palette-targets";

describe("command palette targets", () => {
  it("searches a lookup code", () => {
    expect(visitorTargets(" 4821 ").map((target) => target.href)).toEqual(["/visitors?search=4821"]);
  });

  it("opens an id first, with a search as second choice", () => {
    expect(visitorTargets("K7PQ2MZX").map((target) => target.href)).toEqual(["/visitors/K7PQ2MZX", "/visitors?search=K7PQ2MZX"]);
  });

  it("searches anything else with the whole grammar", () => {
    expect(visitorTargets("#vip online").map((target) => target.href)).toEqual(["/visitors?search=%23vip+online"]);
    expect(visitorTargets("jane").map((target) => target.key)).toEqual(["search"]);
    expect(visitorTargets("   ")).toEqual([]);
  });
});
