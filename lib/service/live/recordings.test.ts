import { describe, expect, it, vi } from "vitest";

// A secret of the test's own, so no secret file is written into a data folder.
vi.stubEnv("LINK_SIGNING_SECRET", "recordings-test-secret-0123456789abcdef");
const { recordingToken, verifyRecordingToken } = await import("./recordings");

describe("recording links", () => {
  it("verify their own session only; a changed id or signature is refused", () => {
    const token = recordingToken("s_ABC");
    expect(verifyRecordingToken(token)).toBe("s_ABC");
    expect(verifyRecordingToken(token.replace("s_ABC", "s_ABD"))).toBeNull();
    expect(verifyRecordingToken(`${token}x`)).toBeNull();
    expect(verifyRecordingToken("s_ABC")).toBeNull();
    expect(verifyRecordingToken(`${token}.extra`)).toBeNull();
  });
});
