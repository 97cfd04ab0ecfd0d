import { MAX_EVENT_BATCH_BYTES } from "@/lib/contract/endpoints";
import { withJson } from "../core/message-json";
import { EVENT_TYPE, type AgentMessage, type EventBatch, type RecordedEvent, type VisitorMessage } from "@/lib/contract";

export type Listener<T> = (message: T) => void;

/** What publishing a batch of the visitor's events came to. */
export interface PublishResult {
  /** False when the batch was dropped: it does not follow the previous one, or the tail is full, and it holds no snapshot. */
  accepted: boolean;
  /**
   * The batch was refused because the stored tail would pass TAIL_BOUND, or has passed it and no snapshot
   * came since: nothing but a batch with a full snapshot is taken until one does.
   */
  snapshotRequired: boolean;
  /** Ask the visitor for a fresh full snapshot (after a gap, or when the stored tail grew long). */
  wantSnapshot: boolean;
  /** This batch gave the session its first full snapshot: the visitor's page is now live. */
  firstSnapshot: boolean;
}

/**
 * Carries a live session between the visitor's page and the agents' watch pages. Per session it keeps
 * the latest full snapshot and the events after it, so an agent who joins late sees the page at once.
 * The in-process implementation serves one app node; the Redis one lets a visitor on one node and an
 * agent on another meet.
 */
export interface LiveRelay {
  publishEvents(sessionId: string, batch: EventBatch): Promise<PublishResult>;
  publishToSession(sessionId: string, message: AgentMessage): Promise<void>;
  /** The listener first receives the stored snapshot and events (if any), then every new message. */
  subscribeSession(sessionId: string, listener: Listener<AgentMessage>): Promise<() => void>;
  publishToVisitor(visitorId: string, message: VisitorMessage): Promise<void>;
  subscribeVisitor(visitorId: string, listener: Listener<VisitorMessage>): Promise<() => void>;
  /** True while the visitor's page holds its stream open (on any node). */
  visitorConnected(visitorId: string): Promise<boolean>;
  hasSnapshot(sessionId: string): Promise<boolean>;
  /** Drops what is stored of an ended session, and tells every app node (onSessionForgotten). */
  forgetSession(sessionId: string): Promise<void>;
  /** Runs `listener` with each session forgotten on any app node, this one included. */
  onSessionForgotten(listener: Listener<string>): Promise<() => void>;
  /** Answers when the relay can carry messages (readiness). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Past this many events after the snapshot, the visitor is asked for a new one, so late joiners replay little. */
export const MAX_TAIL_EVENTS = 3000;

/**
 * What a session's stored snapshot and tail (a late joiner's first message) may never pass, whatever the
 * visitor sends. A batch holding a snapshot always fits: it is at most 5,000 events and
 * MAX_EVENT_BATCH_BYTES.
 */
export const TAIL_BOUND = { events: 2 * MAX_TAIL_EVENTS, bytes: MAX_EVENT_BATCH_BYTES + 4 * 1024 * 1024 };

/** Events as the relay stores and sends them, and their size. */
function serialized(events: RecordedEvent[]): { events: RecordedEvent[]; json: string; bytes: number } {
  const json = JSON.stringify(events);
  return { events, json, bytes: Buffer.byteLength(json) };
}

/** Index of the batch's last Meta event (a full snapshot follows it), or -1. */
export function findLastMeta(events: RecordedEvent[]): number {
  for (let index = events.length - 1; index >= 0; index--) if (events[index].type === EVENT_TYPE.meta) return index;
  return -1;
}

/**
 * How a batch joins what the relay stores, the one rule both implementations follow:
 * - a batch with a snapshot replaces everything (only what follows its last Meta is kept);
 * - the batch after the last one is appended;
 * - a batch already taken (the visitor retried after losing the answer) is acknowledged and ignored;
 * - anything else is a gap: dropped, and the visitor is asked for a snapshot;
 * - a batch that would take the tail past TAIL_BOUND is `full`: refused, and so is every batch after it
 *   until one holds a snapshot (a visitor that ignores the requests for one cannot grow the tail).
 */
export type BatchStep = ({ kind: "reset" | "append" } & ReturnType<typeof serialized>) | { kind: "duplicate" } | { kind: "gap" } | { kind: "full" };

/** What the relay stores of a session, as far as the next batch's step depends on it. */
export interface StoredTail {
  eventCount: number;
  bytes: number;
  lastSeq: number;
  /** The tail reached TAIL_BOUND: only a snapshot is taken until one arrives. */
  snapshotRequired: boolean;
}

export function stepOf(batch: EventBatch, stored: StoredTail): BatchStep {
  const metaAt = findLastMeta(batch.events);
  if (metaAt >= 0) {
    const tail = serialized(batch.events.slice(metaAt));
    return fitsBound(tail.events.length, tail.bytes) ? { kind: "reset", ...tail } : { kind: "full" };
  }
  if (stored.snapshotRequired) return { kind: "full" };
  if (stored.eventCount === 0) return { kind: "gap" };
  if (batch.seq === stored.lastSeq + 1) {
    const added = serialized(batch.events);
    return fitsBound(stored.eventCount + added.events.length, stored.bytes + added.bytes) ? { kind: "append", ...added } : { kind: "full" };
  }
  return batch.seq <= stored.lastSeq ? { kind: "duplicate" } : { kind: "gap" };
}

function fitsBound(events: number, bytes: number): boolean {
  return events <= TAIL_BOUND.events && bytes <= TAIL_BOUND.bytes;
}

/** The agents' message of a batch's events, its JSON built around the batch's own (serialized once). */
export function eventsMessage(seq: number, reset: boolean, step: { events: RecordedEvent[]; json: string }): AgentMessage {
  return withJson({ type: "events", seq, reset, events: step.events }, `{"type":"events","seq":${seq},"reset":${reset},"events":${step.json}}`);
}

/** The answers to a batch that changes nothing. */
export const PUBLISH_UNCHANGED = {
  gap: { accepted: false, snapshotRequired: false, wantSnapshot: true, firstSnapshot: false },
  full: { accepted: false, snapshotRequired: true, wantSnapshot: true, firstSnapshot: false },
  duplicate: { accepted: true, snapshotRequired: false, wantSnapshot: false, firstSnapshot: false },
} as const satisfies Record<string, PublishResult>;

/** Whether the visitor should send a fresh snapshot after its tail grew to `eventCount`. */
export const wantsSnapshot = (eventCount: number) => eventCount > MAX_TAIL_EVENTS;
