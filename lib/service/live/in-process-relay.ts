import type { AgentMessage, EventBatch, RecordedEvent, VisitorMessage } from "@/lib/contract";
import { eventsMessage, PUBLISH_UNCHANGED, stepOf, wantsSnapshot, type Listener, type LiveRelay, type PublishResult } from "./relay";

interface SessionState {
  /** The latest Meta + full snapshot and every event after it. */
  events: RecordedEvent[];
  /** Their size as stored (the sum of the batches' JSON). */
  bytes: number;
  lastVisitorSeq: number;
  /** The tail reached its bound: only a batch with a snapshot is taken. */
  snapshotRequired: boolean;
  /** Sequence of the messages of events sent to agents. */
  agentSeq: number;
  listeners: Set<Listener<AgentMessage>>;
}

/** The relay of a single app node: everything in this process's memory. */
export class InProcessRelay implements LiveRelay {
  private readonly sessions = new Map<string, SessionState>();
  private readonly visitors = new Map<string, Set<Listener<VisitorMessage>>>();
  private readonly forgotten = new Set<Listener<string>>();

  private session(sessionId: string): SessionState {
    let state = this.sessions.get(sessionId);
    if (!state) {
      state = { events: [], bytes: 0, lastVisitorSeq: 0, snapshotRequired: false, agentSeq: 0, listeners: new Set() };
      this.sessions.set(sessionId, state);
    }
    return state;
  }

  async publishEvents(sessionId: string, batch: EventBatch): Promise<PublishResult> {
    const state = this.session(sessionId);
    const step = stepOf(batch, {
      eventCount: state.events.length,
      bytes: state.bytes,
      lastSeq: state.lastVisitorSeq,
      snapshotRequired: state.snapshotRequired,
    });
    if (step.kind === "full") state.snapshotRequired = true;
    if (step.kind === "gap" || step.kind === "duplicate" || step.kind === "full") return PUBLISH_UNCHANGED[step.kind];
    const reset = step.kind === "reset";
    const firstSnapshot = reset && state.events.length === 0;
    state.events = reset ? step.events : state.events.concat(step.events);
    state.bytes = (reset ? 0 : state.bytes) + step.bytes;
    state.snapshotRequired = false;
    state.lastVisitorSeq = batch.seq;
    state.agentSeq += 1;
    // A reset sends the agents only what follows the snapshot: what came before it is stale anyway.
    const message = eventsMessage(state.agentSeq, reset, step);
    for (const listener of state.listeners) listener(message);
    return { accepted: true, snapshotRequired: false, wantSnapshot: wantsSnapshot(state.events.length), firstSnapshot };
  }

  async publishToSession(sessionId: string, message: AgentMessage): Promise<void> {
    for (const listener of this.sessions.get(sessionId)?.listeners ?? []) listener(message);
  }

  async subscribeSession(sessionId: string, listener: Listener<AgentMessage>): Promise<() => void> {
    const state = this.session(sessionId);
    if (state.events.length > 0) listener({ type: "events", seq: state.agentSeq, reset: true, events: state.events });
    state.listeners.add(listener);
    return () => {
      state.listeners.delete(listener);
    };
  }

  async publishToVisitor(visitorId: string, message: VisitorMessage): Promise<void> {
    for (const listener of this.visitors.get(visitorId) ?? []) listener(message);
  }

  async subscribeVisitor(visitorId: string, listener: Listener<VisitorMessage>): Promise<() => void> {
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

  async visitorConnected(visitorId: string): Promise<boolean> {
    return (this.visitors.get(visitorId)?.size ?? 0) > 0;
  }

  async hasSnapshot(sessionId: string): Promise<boolean> {
    return (this.sessions.get(sessionId)?.events.length ?? 0) > 0;
  }

  async forgetSession(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
    for (const listener of [...this.forgotten]) listener(sessionId);
  }

  async onSessionForgotten(listener: Listener<string>): Promise<() => void> {
    this.forgotten.add(listener);
    return () => void this.forgotten.delete(listener);
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {}
}
