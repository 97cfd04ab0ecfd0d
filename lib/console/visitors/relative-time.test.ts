import { describe, expect, it } from "vitest";
import { formatRelative } from "@/components/visitors/format";

describe("relative times", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("reads in the largest whole unit, rounded", () => {
    expect(formatRelative(ago(5), now)).toBe("5 seconds ago");
    expect(formatRelative(ago(59.6), now)).toBe("1 minute ago");
    expect(formatRelative(ago(160), now)).toBe("3 minutes ago");
    expect(formatRelative(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(formatRelative(ago(2 * 86_400), now)).toBe("2 days ago");
    expect(formatRelative(ago(400 * 86_400), now)).toBe("1 year ago");
    expect(formatRelative(new Date(now + 120_000).toISOString(), now)).toBe("in 2 minutes");
  });

  it("shows a dash for a missing or broken time", () => {
    expect(formatRelative(null, now)).toBe("—");
    expect(formatRelative("not a date", now)).toBe("—");
  });
});
