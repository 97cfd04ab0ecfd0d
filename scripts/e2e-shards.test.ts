import { describe, expect, it } from "vitest";
import { dealFiles } from "./e2e-shards";

describe("dealFiles", () => {
  it("gives every spec file to exactly one shard, the shards' tests as even as the files allow", () => {
    const files = [
      { file: "e2e/a.spec.ts", tests: 6 },
      { file: "e2e/b.spec.ts", tests: 5 },
      { file: "e2e/c.spec.ts", tests: 4 },
      { file: "e2e/d.spec.ts", tests: 3 },
      { file: "e2e/e.spec.ts", tests: 2 },
    ];
    expect(dealFiles(files, 2)).toEqual([
      ["e2e/a.spec.ts", "e2e/d.spec.ts", "e2e/e.spec.ts"],
      ["e2e/b.spec.ts", "e2e/c.spec.ts"],
    ]);
  });

  it("makes no empty shard when there are fewer files than shards", () => {
    expect(dealFiles([{ file: "e2e/one.spec.ts", tests: 3 }], 3)).toEqual([["e2e/one.spec.ts"]]);
  });
});
