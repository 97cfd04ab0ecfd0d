import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSessionToken } from "./session-decode";

const secret = "a-test-secret-of-enough-length-for-hkdf";
const salt = "next-auth.session-token";
const claims = { sub: "user-1", email: "agent@example.test", signedInAt: 1_700_000_000_000 };

describe("decodeSessionToken", () => {
  afterEach(() => void vi.useRealTimers());

  it("reads the cookie next-auth writes, as next-auth's own decode does", async () => {
    const token = await encode({ token: claims, secret, salt });
    const ours = await decodeSessionToken({ token, secret, salt });
    expect(ours).toMatchObject(claims);
    expect(ours).toEqual(await decode({ token, secret, salt }));
    // The key is kept: a second read gives the same claims.
    expect(await decodeSessionToken({ token, secret, salt })).toEqual(ours);
  });

  it("refuses a token sealed with another secret or for another cookie", async () => {
    const token = await encode({ token: claims, secret, salt });
    await expect(decodeSessionToken({ token, secret: `${secret}-other`, salt })).rejects.toThrow();
    await expect(decodeSessionToken({ token, secret, salt: `__Secure-${salt}` })).rejects.toThrow();
  });

  it("refuses an expired token and a tampered one", async () => {
    const expired = await encode({ token: claims, secret, salt, maxAge: -60 });
    await expect(decodeSessionToken({ token: expired, secret, salt })).rejects.toThrow();
    const token = await encode({ token: claims, secret, salt });
    const parts = token.split(".");
    parts[3] = parts[3].slice(0, -2) + (parts[3].endsWith("AA") ? "BB" : "AA");
    await expect(decodeSessionToken({ token: parts.join("."), secret, salt })).rejects.toThrow();
  });

  it("refuses a token it read before once that token expires, and gives each caller its own copy", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await encode({ token: claims, secret, salt, maxAge: 60 });
    const first = await decodeSessionToken({ token, secret, salt });
    expect(first).toMatchObject(claims);
    first!.sub = "someone-else";
    expect(await decodeSessionToken({ token, secret, salt })).toMatchObject(claims);
    vi.setSystemTime(Date.now() + 30_000);
    expect(await decodeSessionToken({ token, secret, salt })).toMatchObject(claims);
    // Past its expiry and the 15 s tolerance.
    vi.setSystemTime(Date.now() + 50_000);
    await expect(decodeSessionToken({ token, secret, salt })).rejects.toThrow(/exp/);
  });

  it("reads no token as no session", async () => {
    expect(await decodeSessionToken({ token: undefined, secret, salt })).toBeNull();
  });
});
