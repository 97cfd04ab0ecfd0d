import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-path";

describe("safeCallbackPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeCallbackPath("/visitors?search=%23vip")).toBe("/visitors?search=%23vip");
  });
  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/login?x=1", undefined, ["/a"]])(
    "falls back for %o",
    (value) => expect(safeCallbackPath(value)).toBe("/usage"),
  );
});
