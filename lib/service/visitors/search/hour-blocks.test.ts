import { describe, expect, it } from "vitest";
import { hourBlocks } from "./hour-blocks";

/** Each block's hours, newest first, from the edges between them. */
const blocks = (edges: number[]) => edges.slice(1).map((edge, i) => edges[i] - edge);

describe("hourBlocks", () => {
  it("steps back a block at a time, the last one cut at the hours allowed", () => {
    expect(hourBlocks(1000, 3, 0, 10)).toEqual([1000, 997, 994, 991, 990]);
  });

  it("gives the first block the quiet hours on top of its own", () => {
    expect(blocks(hourBlocks(1000, 2, 5, 20))).toEqual([7, 2, 2, 2, 2, 2, 2, 1]);
  });

  it("walks no further than the hours allowed, however long its first block", () => {
    expect(hourBlocks(1000, 50, 100, 30)).toEqual([1000, 970]);
  });

  it("walks the first 48 blocks an hour at a time, then in ever longer blocks, through a month in 61", () => {
    const edges = hourBlocks(1000, 1, 0, 720);
    const sizes = blocks(edges);
    expect(sizes.slice(0, 48)).toEqual(Array.from({ length: 48 }, () => 1));
    expect(sizes.slice(48, 53)).toEqual([2, 3, 5, 8, 12]);
    expect(sizes).toHaveLength(61);
    expect(edges.at(-1)).toBe(280);
  });
});
