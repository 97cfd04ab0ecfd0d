import { describe, expect, it } from "vitest";
import { ActionError } from "@/lib/console/action";
import { checkWatchOrigin } from "./co-browse";

describe("the co-browse redirect", () => {
  const origin = "https://cobrowse.example.com";

  it("keeps a watch link on the configured service's origin", () => {
    expect(checkWatchOrigin(`${origin}/watch/abc.def`, origin)).toBe(`${origin}/watch/abc.def`);
  });

  it("refuses any other origin, look-alikes and non-URLs", () => {
    for (const url of [
      "https://evil.example.net/watch/abc",
      "https://cobrowse.example.com.evil.net/watch/abc",
      "http://cobrowse.example.com/watch/abc",
      "https://cobrowse.example.com:8443/watch/abc",
      "javascript:alert(1)",
      "/watch/abc",
    ]) {
      expect(() => checkWatchOrigin(url, origin), url).toThrow(ActionError);
    }
  });
});
