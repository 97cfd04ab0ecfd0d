import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { RecordedEvent } from "./messages";

// A secret of the test's own, so no secret file is written into a data folder.
vi.stubEnv("LINK_SIGNING_SECRET", "recordings-test-secret-0123456789abcdef");
const { FileRecordingStore, recordingToken, verifyRecordingToken } = await import("./recordings");

const event = (timestamp: number): RecordedEvent => ({ type: 3, timestamp, data: { source: 0 } });

describe("FileRecordingStore", () => {
  it("keeps a session's events in order across flushes, compressed, and reads them back", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-recordings-"));
    const store = new FileRecordingStore(folder);
    const many = Array.from({ length: 600 }, (_, index) => event(index));
    store.append("s_ONE", many.slice(0, 550)); // passes the flush threshold: written at once
    store.append("s_ONE", many.slice(550));
    expect(store.read("s_ONE")).toEqual(many); // the buffered tail is read too
    store.finish("s_ONE");
    const file = path.join(folder, "s_ONE.ndjson.gz");
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(new FileRecordingStore(folder).read("s_ONE")).toEqual(many);
    expect(store.read("s_NONE")).toBeNull();
    expect(() => store.append("../etc/passwd", [event(1)])).not.toThrow();
    expect(() => store.finish("../etc/passwd")).toThrow(/not a session id/);
  });
});

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
