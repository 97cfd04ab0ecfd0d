import { retryDelay, sleep, type Traffic } from "./traffic";
import { SimVisitor } from "./visitors";

/** What one live session's viewer saw, against what its visitor sent. */
export interface SessionLedger {
  sessionId: string;
  startedAt: number;
  /** The last change the visitor's page made (each change is numbered: its marker). */
  sent: number;
  /** The last change the viewer's page shows. */
  shown: number;
  /** Batches the viewer's stream skipped (it had to ask for a fresh snapshot). */
  gaps: number;
  /** Changes the viewer got out of order or twice. */
  misordered: number;
  /** The agent ended the session: its webhook is due. */
  ended: boolean;
  endedAt: number;
}

/** Watch links spent without a page to show for it: the agent cannot open the session. */
export const wastedLinks: string[] = [];
/** Watch pages that said the service was briefly unavailable (and reloaded). */
export const unavailablePages = { count: 0 };

const META = 4;
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const BATCH_EVERY_MS = 500;
/** The queue a page keeps while the service refuses its batches; past it, the page sends a fresh snapshot instead. */
const MAX_QUEUED = 2_000;

const snapshotOf = (marker: number) => [
  { type: META, timestamp: Date.now(), data: { href: "https://shop.example.com/live", width: 1280, height: 800 } },
  { type: FULL_SNAPSHOT, timestamp: Date.now(), data: { node: { type: 0, id: 1, childNodes: [] }, initialOffset: { left: 0, top: 0 }, marker } },
];
const changeOf = (marker: number) => ({ type: INCREMENTAL, timestamp: Date.now(), data: { source: 5, id: 1, text: `${marker}`, isChecked: false, marker } });

/** The visitor's side: records changes and sends them in numbered batches as the recorder does, retrying refused ones. */
class Recorder {
  marker = 0;
  private seq = 0;
  private queue: Record<string, unknown>[] = [];
  private wantSnapshot = true;
  private sending: Promise<void> | null = null;
  stopped = false;

  constructor(
    private readonly visitor: SimVisitor,
    private readonly traffic: Traffic,
    readonly sessionId: string,
  ) {}

  change(): void {
    this.queue.push(changeOf(++this.marker));
    if (this.queue.length > MAX_QUEUED) {
      this.queue = [];
      this.wantSnapshot = true;
    }
    this.sending ??= this.send().finally(() => (this.sending = null));
  }

  snapshot(): void {
    this.wantSnapshot = true;
  }

  /** Resolves once everything recorded so far was taken. */
  async settled(): Promise<void> {
    while ((this.queue.length || this.sending || this.wantSnapshot) && !this.stopped && this.traffic.running) {
      if (!this.sending) this.sending = this.send().finally(() => (this.sending = null));
      await sleep(100);
    }
  }

  private async send(): Promise<void> {
    while ((this.queue.length || this.wantSnapshot) && !this.stopped) {
      if (this.wantSnapshot) this.queue.push(...snapshotOf(this.marker));
      this.wantSnapshot = false;
      const batch = { sessionId: this.sessionId, seq: ++this.seq, events: this.queue };
      this.queue = [];
      for (;;) {
        const { answer, body } = await this.visitor.post("live events", "/collect/live/events", batch);
        if (answer.status === 200) {
          if (body?.snapshot) this.wantSnapshot = true;
          break;
        }
        if (answer.status === 409 && body?.error === "snapshot_required") {
          this.wantSnapshot = true;
          break;
        }
        if ((answer.status >= 400 && answer.status < 500 && answer.status !== 429) || !this.traffic.running) return void (this.stopped = true);
        await sleep(retryDelay(answer));
      }
    }
  }
}

/** The agent's side: a viewer's stream, checking that every change arrives once and in order. */
function watch(traffic: Traffic, ledger: SessionLedger, token: { value: string }, signal: AbortSignal): void {
  let lastSeq = 0;
  let haveSnapshot = false;
  const apply = (events: Record<string, unknown>[]) => {
    for (const event of events) {
      const marker = (event.data as { marker?: number }).marker;
      if (marker === undefined || event.type === META) continue;
      if (event.type === FULL_SNAPSHOT) ledger.shown = marker;
      else if (marker === ledger.shown + 1) ledger.shown = marker;
      else ledger.misordered++;
    }
  };
  const onMessage = (message: Record<string, unknown>) => {
    if (message.type === "token") token.value = message.token as string;
    if (message.type !== "events") return;
    const events = message.events as Record<string, unknown>[];
    if (message.reset) {
      const from = events.findLastIndex((event) => event.type === FULL_SNAPSHOT);
      apply(events.slice(Math.max(0, from)));
    } else if (haveSnapshot && message.seq === lastSeq + 1) apply(events);
    else {
      // As the watch page does: the page is stale, ask for a fresh snapshot.
      ledger.gaps++;
      void traffic.call("resync", `/live/sessions/${ledger.sessionId}/resync`, {
        method: "POST",
        headers: { authorization: `Bearer ${token.value}` },
        body: "{}",
      });
      return;
    }
    lastSeq = message.seq as number;
    haveSnapshot = true;
  };
  void traffic.stream("viewer stream", `/live/sessions/${ledger.sessionId}/stream`, () => ({ authorization: `Bearer ${token.value}` }), onMessage, signal);
}

/** Opens a watch link as the agent's browser does, retrying while the service is unavailable. */
async function openLink(traffic: Traffic, watchUrl: string): Promise<{ sessionId: string; token: string } | null> {
  const path = new URL(watchUrl).pathname;
  for (;;) {
    const { answer, text } = await traffic.call("watch page", path);
    const sessionId = /\\"sessionId\\":\\"(s_[A-Za-z0-9]+)\\"/.exec(text)?.[1];
    const token = /\\"token\\":\\"(eyJ[\w.-]+)\\"/.exec(text)?.[1];
    if (answer.status === 200 && sessionId && token) return { sessionId, token };
    // The page said the service is briefly unavailable, the link left unopened: it reloads itself.
    const unavailable = text.includes("Tandem is briefly unavailable");
    if (unavailable) unavailablePages.count++;
    if ((answer.status === 200 && !unavailable) || !traffic.running) {
      // A page without the session: the link was spent, or refused for good.
      wastedLinks.push(`${answer.status}: ${/<h1[^>]*>([^<]*)</.exec(text)?.[1] ?? text.slice(0, 80)}`);
      return null;
    }
    await sleep(retryDelay(answer));
  }
}

/**
 * One live session after another on `count` visitors' pages: a watch link (with a webhook) opened by the
 * agent, the visitor's page sending a change every BATCH_EVERY_MS, a viewer following; after `lengthMs`
 * the agent ends it and a new visitor's session starts.
 */
export function runLiveSessions(
  traffic: Traffic,
  options: { count: number; lengthMs: number; publicKey: string; apiKey: string; webhookUrl: string; active: () => boolean },
) {
  const sessions: SessionLedger[] = [];
  let made = 0;
  const api = { "x-api-key": options.apiKey, "content-type": "application/json" };
  const slot = async () => {
    while (traffic.running && options.active()) {
      const visitor = new SimVisitor(traffic, options.publicKey, `live${++made}`);
      let recorder: Recorder | null = null;
      visitor.onMessage = (message) => {
        if (message.type === "session" && !recorder) recorder = new Recorder(visitor, traffic, message.sessionId as string);
        else if (message.type === "snapshot") recorder?.snapshot();
        else if (message.type === "ended" && recorder) recorder.stopped = true;
      };
      await visitor.register();
      const created = await traffic.untilAccepted("watch link", `/v1.3/visitors/${visitor.ledger.visitorId}/watch_url`, () => ({
        method: "POST",
        headers: api,
        body: JSON.stringify({ agent: { id: "fault-agent", name: "Fault Agent" }, webhook_url: options.webhookUrl }),
      }));
      const opened = created.answer.status === 200 ? await openLink(traffic, created.body!.watch_url as string) : null;
      if (!opened) {
        await visitor.go(true);
        continue;
      }
      const ledger: SessionLedger = { sessionId: opened.sessionId, startedAt: Date.now(), sent: 0, shown: 0, gaps: 0, misordered: 0, ended: false, endedAt: 0 };
      sessions.push(ledger);
      const viewer = new AbortController();
      const token = { value: opened.token };
      watch(traffic, ledger, token, viewer.signal);
      const endAt = Date.now() + options.lengthMs * (0.75 + Math.random() / 2);
      while (Date.now() < endAt && traffic.running && options.active()) {
        (recorder as Recorder | null)?.change();
        await sleep(BATCH_EVERY_MS);
      }
      const current = recorder as Recorder | null;
      await current?.settled();
      ledger.sent = current?.marker ?? 0;
      // The viewer catches up, then the agent ends the session.
      for (const deadline = Date.now() + 10_000; ledger.shown < ledger.sent && Date.now() < deadline;) await sleep(100);
      const end = await traffic.untilAccepted("end session", `/live/sessions/${ledger.sessionId}/end`, () => ({
        method: "POST",
        headers: { authorization: `Bearer ${token.value}`, "content-type": "application/json" },
        body: "{}",
      }));
      ledger.ended = end.answer.status === 200;
      ledger.endedAt = Date.now();
      viewer.abort();
      await visitor.go(true);
    }
  };
  const running = Promise.all(Array.from({ length: options.count }, (_, index) => sleep(index * 1_000).then(slot)));
  return { sessions, running };
}
