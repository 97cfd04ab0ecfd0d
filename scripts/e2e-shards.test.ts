import { describe, expect, it } from "vitest";
import { dealFiles } from "./e2e-shards";

describe("dealFiles", () => {
  it("gives every spec file to exactly one shard, each folder shared out", () => {
    const files = ["e2e/live/b.spec.ts", "e2e/api/a.spec.ts", "e2e/live/a.spec.ts", "e2e/api/b.spec.ts", "e2e/x.spec.ts"];
    const shards = dealFiles(files, 2);
    expect(shards).toEqual([
      ["e2e/api/a.spec.ts", "e2e/live/a.spec.ts", "e2e/x.spec.ts"],
      ["e2e/api/b.spec.ts", "e2e/live/b.spec.ts"],
    ]);
  });

  it("makes no empty shard when there are fewer files than shards", () => {
    expect(dealFiles(["e2e/one.spec.ts"], 3)).toEqual([["e2e/one.spec.ts"]]);
  });
});
