import { describe, expect, it, vi } from "vitest";

// A secret of the test's own, so no secret file is written into a data folder.
vi.stubEnv("LINK_SIGNING_SECRET", "recordings-test-secret-0123456789abcdef");
const { recordingToken, recordingUrl, verifyRecordingToken } = await import("./recording-token");

const HOUR = 3_600_000;

describe("recording links", () => {
  it("verify their own session only; a changed id, expiry or signature is refused", () => {
    const token = recordingToken("s_ABC", new Date(Date.now() + HOUR));
    expect(verifyRecordingToken(token)).toEqual({ ok: true, sessionId: "s_ABC" });
    expect(verifyRecordingToken(token.replace("s_ABC", "s_ABD"))).toEqual({ ok: false, reason: "invalid" });
    expect(verifyRecordingToken(`${token}x`)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyRecordingToken("s_ABC")).toEqual({ ok: false, reason: "invalid" });
    expect(verifyRecordingToken(`${token}.extra`)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyRecordingToken(null)).toEqual({ ok: false, reason: "invalid" });
    // Stretching the lifetime breaks the signature.
    const [id, expiry, signature] = token.split(".");
    expect(verifyRecordingToken(`${id}.${Number(expiry) + 86_400}.${signature}`)).toEqual({ ok: false, reason: "invalid" });
  });

  it("expire after the lifetime they were made with", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    const token = new URL(recordingUrl("s_ABC", 24, now)).pathname.split("/").at(-1)!;
    expect(verifyRecordingToken(token, now + 23 * HOUR)).toEqual({ ok: true, sessionId: "s_ABC" });
    expect(verifyRecordingToken(token, now + 24 * HOUR)).toEqual({ ok: false, reason: "expired" });
  });
});
