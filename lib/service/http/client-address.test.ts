import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    const forged = new Headers({ "x-forwarded-for": "203.0.113.66" });
    expect(clientAddress(forged, "198.51.100.4", 0)).toBe("198.51.100.4");
    expect(clientAddress(new Headers(), "::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientAddress(new Headers(), "2001:db8::1", 0)).toBe("2001:db8::1");
    expect(clientAddress(new Headers(), undefined, 0)).toBe("");
  });

  it("behind trusted proxies, is the address the outermost one saw: entries further left are the client's to forge", () => {
    // The client sent "203.0.113.66"; nginx appended the address it saw.
    const headers = new Headers({ "x-forwarded-for": "203.0.113.66, 198.51.100.4" });
    expect(clientAddress(headers, "10.0.0.2", 1)).toBe("198.51.100.4");
    // Two proxies: a CDN appended the client's address, then nginx appended the CDN's.
    const twice = new Headers({ "x-forwarded-for": "203.0.113.66, 198.51.100.4, 192.0.2.10" });
    expect(clientAddress(twice, "10.0.0.2", 2)).toBe("198.51.100.4");
  });

  it("falls back to the peer when a request reached the node without its proxy", () => {
    expect(clientAddress(new Headers(), "198.51.100.4", 1)).toBe("198.51.100.4");
  });
});
