import { EVENT_TYPE, type AgentMessage, type EventBatch, type RecordedEvent, type VisitorMessage } from "./messages";

type Listener<T> = (message: T) => void;

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
 * The in-process implementation serves one app node; a Redis one can take its place behind this seam.
 */
export interface LiveRelay {
  publishEvents(sessionId: string, batch: EventBatch): PublishResult;
  publishToSession(sessionId: string, message: AgentMessage): void;
  /** The listener first receives the stored snapshot and events (if any), then every new message. */
  subscribeSession(sessionId: string, listener: Listener<AgentMessage>): () => void;
  publishToVisitor(visitorId: string, message: VisitorMessage): void;
  subscribeVisitor(visitorId: string, listener: Listener<VisitorMessage>): () => void;
  /** True while the visitor's page holds its stream open. */
  visitorConnected(visitorId: string): boolean;
  hasSnapshot(sessionId: string): boolean;
  /** Drops what is stored of an ended session. */
  forgetSession(sessionId: string): void;
}

/** Past this many events after the snapshot, the visitor is asked for a new one, so late joiners replay little. */
export const MAX_TAIL_EVENTS = 3000;

interface SessionState {
  /** The latest Meta + full snapshot and every event after it. */
  events: RecordedEvent[];
  lastVisitorSeq: number;
  /** Sequence of the messages of events sent to agents. */
  agentSeq: number;
  listeners: Set<Listener<AgentMessage>>;
}

export class InProcessRelay implements LiveRelay {
  private readonly sessions = new Map<string, SessionState>();
  private readonly visitors = new Map<string, Set<Listener<VisitorMessage>>>();

  private session(sessionId: string): SessionState {
    let state = this.sessions.get(sessionId);
    if (!state) {
      state = { events: [], lastVisitorSeq: 0, agentSeq: 0, listeners: new Set() };
      this.sessions.set(sessionId, state);
    }
    return state;
  }

  publishEvents(sessionId: string, batch: EventBatch): PublishResult {
    const state = this.session(sessionId);
    const metaAt = findLastMeta(batch.events);
    const follows = state.events.length > 0 && batch.seq === state.lastVisitorSeq + 1;
    if (metaAt < 0 && !follows) return { accepted: false, wantSnapshot: true, firstSnapshot: false };
    const firstSnapshot = metaAt >= 0 && state.events.length === 0;
    const reset = metaAt >= 0;
    const fresh = reset ? batch.events.slice(metaAt) : batch.events;
    state.events = reset ? fresh : state.events.concat(fresh);
    state.lastVisitorSeq = batch.seq;
    state.agentSeq += 1;
    // A reset sends the agents only what follows the snapshot: what came before it is stale anyway.
    const message: AgentMessage = { type: "events", seq: state.agentSeq, reset, events: fresh };
    for (const listener of state.listeners) listener(message);
    return { accepted: true, wantSnapshot: state.events.length > MAX_TAIL_EVENTS, firstSnapshot };
  }

  publishToSession(sessionId: string, message: AgentMessage): void {
    for (const listener of this.sessions.get(sessionId)?.listeners ?? []) listener(message);
  }

  subscribeSession(sessionId: string, listener: Listener<AgentMessage>): () => void {
    const state = this.session(sessionId);
    if (state.events.length > 0) listener({ type: "events", seq: state.agentSeq, reset: true, events: state.events });
    state.listeners.add(listener);
    return () => {
      state.listeners.delete(listener);
    };
  }

  publishToVisitor(visitorId: string, message: VisitorMessage): void {
    for (const listener of this.visitors.get(visitorId) ?? []) listener(message);
  }

  subscribeVisitor(visitorId: string, listener: Listener<VisitorMessage>): () => void {
    let listeners = this.visitors.get(visitorId);
    if (!listeners) {
      listeners = new Set();
      this.visitors.set(visitorId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.visitors.delete(visitorId);
    };
  }

  visitorConnected(visitorId: string): boolean {
    return (this.visitors.get(visitorId)?.size ?? 0) > 0;
  }

  hasSnapshot(sessionId: string): boolean {
    return (this.sessions.get(sessionId)?.events.length ?? 0) > 0;
  }

  forgetSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }
}

/** Index of the batch's last Meta event (a full snapshot follows it), or -1. */
export function findLastMeta(events: RecordedEvent[]): number {
  for (let index = events.length - 1; index >= 0; index--) if (events[index].type === EVENT_TYPE.meta) return index;
  return -1;
}

// Route handlers are bundled apart from one another: one relay per process lives on globalThis.
const relaySlot = Symbol.for("tandem.live-relay");

export function liveRelay(): LiveRelay {
  const holder = globalThis as { [relaySlot]?: LiveRelay };
  holder[relaySlot] ??= new InProcessRelay();
  return holder[relaySlot];
}
