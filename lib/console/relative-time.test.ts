import { describe, expect, it } from "vitest";
import { formatRelative } from "./relative-time";

const now = Date.parse("2026-11-24T12:00:00Z");
const at = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000).toISOString();

describe("formatRelative", () => {
  it("names the largest unit that fits, in the past and the future", () => {
    expect(formatRelative(at(-5), now)).toBe("5 seconds ago");
    expect(formatRelative(at(0), now)).toBe("0 seconds ago");
    expect(formatRelative(at(-90), now)).toBe("2 minutes ago");
    expect(formatRelative(at(-3 * 3600), now)).toBe("3 hours ago");
    expect(formatRelative(at(-86_400), now)).toBe("1 day ago");
    expect(formatRelative(at(-45 * 86_400), now)).toBe("2 months ago");
    expect(formatRelative(at(-800 * 86_400), now)).toBe("2 years ago");
    expect(formatRelative(at(7200), now)).toBe("in 2 hours");
  });

  it("shows a dash for no time or an unreadable one", () => {
    expect(formatRelative(null, now)).toBe("—");
    expect(formatRelative("yesterday", now)).toBe("—");
  });
});
