import { SNAPSHOT_SLICES_EVENT_TAG } from "@/lib/contract/recording-marks";

const FULL_SNAPSHOT = 2;
const CUSTOM = 5;

interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

const slicesMark = (event: RecordedEvent): boolean | null => {
  const data = event.data as { tag?: unknown; payload?: { pending?: unknown } } | undefined;
  return event.type === CUSTOM && data?.tag === SNAPSHOT_SLICES_EVENT_TAG && typeof data.payload?.pending === "boolean" ? data.payload.pending : null;
};

/**
 * Where a recording opens, in ms from its start: just past the moment its first page is whole. A large
 * page's snapshot is sent in slices (lib/visitor/recorder/sliced-snapshot.ts), its last parts some
 * milliseconds after the snapshot itself; opened at the snapshot, the page would show with parts missing.
 */
export function openingOffset(events: readonly RecordedEvent[]): number {
  const start = Math.min(...events.map((event) => event.timestamp));
  const first = events.findIndex((event) => event.type === FULL_SNAPSHOT);
  if (first < 0) return 0;
  let whole = events[first].timestamp;
  for (const event of events.slice(first + 1)) {
    if (event.type === FULL_SNAPSHOT) break;
    const pending = slicesMark(event);
    if (pending === false) {
      whole = event.timestamp;
      break;
    }
  }
  // rrweb applies at once the events strictly before the position it is paused at.
  return whole - start + 1;
}
