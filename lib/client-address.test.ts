import { describe, expect, it } from "vitest";
import { clientAddress, peerIsTrustedProxy } from "./client-address";

describe("clientAddress", () => {
  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress("198.51.100.4", "203.0.113.66", [])).toBe("198.51.100.4");
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.66", [])).toBe("127.0.0.1");
    expect(clientAddress("2001:db8::1", null, [])).toBe("2001:db8::1");
    expect(clientAddress(undefined, "203.0.113.66", [])).toBe("");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(clientAddress("198.51.100.4", "203.0.113.66", ["10.0.0.0/8", "loopback"])).toBe("198.51.100.4");
  });

  it("from a trusted proxy, walks X-Forwarded-For from the right while the hop is trusted", () => {
    // The client wrote 203.0.113.66; nginx (10.0.0.2) appended the address it saw.
    expect(clientAddress("10.0.0.2", "203.0.113.66, 198.51.100.4", ["10.0.0.0/8"])).toBe("198.51.100.4");
    // A CDN (192.0.2.10, trusted too) appended the client's address, then nginx appended the CDN's.
    expect(clientAddress("10.0.0.2", "203.0.113.66, 198.51.100.4, 192.0.2.10", ["10.0.0.0/8", "192.0.2.0/24"])).toBe("198.51.100.4");
    // Names: loopback covers 127.0.0.0/8 and ::1, as a peer mapped into IPv6 too.
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.4", ["loopback"])).toBe("198.51.100.4");
    expect(clientAddress("::1", "2001:db8::7", ["loopback"])).toBe("2001:db8::7");
  });

  it("is the trusted proxy itself when it forwarded nothing", () => {
    expect(clientAddress("10.0.0.2", null, ["10.0.0.0/8"])).toBe("10.0.0.2");
  });

  it("says whether the peer is a trusted proxy, whose forwarding headers may be read", () => {
    expect(peerIsTrustedProxy("127.0.0.1", [])).toBe(false);
    expect(peerIsTrustedProxy("127.0.0.1", ["loopback"])).toBe(true);
    expect(peerIsTrustedProxy("10.1.2.3", ["loopback"])).toBe(false);
    expect(peerIsTrustedProxy("10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(peerIsTrustedProxy(undefined, ["loopback"])).toBe(false);
  });
});
