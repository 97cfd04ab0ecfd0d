import { describe, expect, it } from "vitest";
import { formatCount, formatDuration, formatUtc } from "./format";

describe("formatDuration", () => {
  it("reads as hours and minutes", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(59)).toBe("< 1 min");
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(59 * 60 + 59)).toBe("59 min");
    expect(formatDuration(3600)).toBe("1 h 00 min");
    expect(formatDuration(2 * 3600 + 5 * 60 + 30)).toBe("2 h 05 min");
    expect(formatDuration(1234 * 3600)).toBe("1,234 h 00 min");
  });

  it("treats nonsense as nothing", () => {
    expect(formatDuration(-5)).toBe("0 min");
    expect(formatDuration(Number.NaN)).toBe("0 min");
  });
});

describe("formatCount and formatUtc", () => {
  it("groups thousands", () => expect(formatCount(12345)).toBe("12,345"));
  it("shows instants in UTC to the minute", () => {
    expect(formatUtc("2026-11-23T08:35:59.999Z")).toBe("2026-11-23 08:35 UTC");
    expect(formatUtc("2026-11-23T10:35:00+02:00")).toBe("2026-11-23 08:35 UTC");
    expect(formatUtc(null)).toBe("—");
    expect(formatUtc("not a date")).toBe("—");
  });
});
