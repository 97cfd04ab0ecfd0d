import { describe, expect, it } from "vitest";
import { parseRuntimeConfig } from "./config";

const base = { session: "s1", target: "https://shop.example/", proxyOrigin: "https://proxy.example", allowedDomains: ["shop.example"], cookies: "a=1" };

describe("the runtime's configuration", () => {
  it("reads the visitor script the runtime adds, or none", () => {
    const visitor = { src: "https://tandem.example/cobrowse.js", publicKey: "pk_1" };
    expect(parseRuntimeConfig(JSON.stringify({ ...base, visitor }))).toEqual({ ...base, visitor });
    expect(parseRuntimeConfig(JSON.stringify({ ...base, visitor: null }))).toEqual({ ...base, visitor: null });
    expect(parseRuntimeConfig(JSON.stringify(base))).toEqual({ ...base, visitor: null });
  });

  it("refuses a malformed one", () => {
    expect(parseRuntimeConfig(JSON.stringify({ ...base, visitor: { src: "not a url", publicKey: "pk_1" } }))).toBeNull();
    expect(parseRuntimeConfig(JSON.stringify({ ...base, visitor: { src: "https://tandem.example/cobrowse.js" } }))).toBeNull();
    expect(parseRuntimeConfig(JSON.stringify({ ...base, proxyOrigin: "https://proxy.example/path" }))).toBeNull();
    expect(parseRuntimeConfig("{")).toBeNull();
  });
});
