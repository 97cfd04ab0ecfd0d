import { EVENT_TYPE, type AgentMessage, type EventBatch, type RecordedEvent, type VisitorMessage } from "@/lib/contract";

export type Listener<T> = (message: T) => void;

/** What publishing a batch of the visitor's events came to. */
export interface PublishResult {
  /** False when the batch was dropped: it does not follow the previous one and holds no snapshot. */
  accepted: boolean;
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
 * - anything else is a gap: dropped, and the visitor is asked for a snapshot.
 */
export type BatchStep = { kind: "reset" | "append"; events: RecordedEvent[] } | { kind: "duplicate" } | { kind: "gap" };

export function stepOf(batch: EventBatch, stored: { eventCount: number; lastSeq: number }): BatchStep {
  const metaAt = findLastMeta(batch.events);
  if (metaAt >= 0) return { kind: "reset", events: batch.events.slice(metaAt) };
  if (stored.eventCount === 0) return { kind: "gap" };
  if (batch.seq === stored.lastSeq + 1) return { kind: "append", events: batch.events };
  return batch.seq <= stored.lastSeq ? { kind: "duplicate" } : { kind: "gap" };
}
