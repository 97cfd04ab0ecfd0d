import { describe, expect, it } from "vitest";
import { SNAPSHOT_SLICES_EVENT_TAG } from "@/lib/contract/recording-marks";
import { openingOffset } from "./recording-opening";

const meta = (timestamp: number) => ({ type: 4, timestamp, data: {} });
const snapshot = (timestamp: number) => ({ type: 2, timestamp, data: {} });
const adds = (timestamp: number) => ({ type: 3, timestamp, data: { source: 0 } });
const slices = (timestamp: number, pending: boolean) => ({ type: 5, timestamp, data: { tag: SNAPSHOT_SLICES_EVENT_TAG, payload: { pending } } });

describe("openingOffset", () => {
  it("opens just past the first snapshot when it was whole", () => {
    expect(openingOffset([meta(1000), snapshot(1004), adds(1300)])).toBe(5);
  });

  it("opens once the slices of the first snapshot all arrived", () => {
    expect(openingOffset([meta(1000), snapshot(1004), slices(1012, true), adds(1024), slices(1024, false), adds(1300)])).toBe(25);
  });

  it("does not wait for the slices of a later snapshot, and opens at the start without any", () => {
    expect(openingOffset([meta(1000), snapshot(1004), adds(1300), snapshot(1800), slices(1810, false)])).toBe(5);
    expect(openingOffset([meta(1000), adds(1300)])).toBe(0);
  });
});
