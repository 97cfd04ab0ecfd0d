import "server-only";
import { getDb } from "@/lib/db";
import { RecordingStore } from "./recordings-store";

const storeSlot = Symbol.for("tandem.recording-store");

/** The process's recording store (one buffer per process, however many bundles load this module). */
export function recordingStore(): RecordingStore {
  const holder = globalThis as { [storeSlot]?: RecordingStore };
  holder[storeSlot] ??= new RecordingStore(getDb);
  return holder[storeSlot];
}
