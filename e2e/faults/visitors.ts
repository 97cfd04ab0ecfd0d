import { randomBytes } from "node:crypto";
import { sleep, type Traffic } from "./traffic";

/** What the service acknowledged of one visitor: what must be in the database at the end. */
export interface VisitorLedger {
  visitorId: string;
  /** When the latest heartbeat the service answered 200 was sent (ms): last_seen_at must be at least this. */
  lastBeatSent: number;
  /** The pages the service took (200), each once, and when. */
  pageviews: { url: string; at: number }[];
}

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * A visitor's page as the visitor script drives it, over the public endpoints: it registers, holds its
 * live stream, beats every `beatMs`, moves to another page now and then (a pageview), and after its
 * lifetime leaves (the leave beacon) or just goes (a closed laptop). Refused requests are asked again
 * as the script does: after Retry-After, with the same content.
 */
export class SimVisitor {
  readonly ledger: VisitorLedger = { visitorId: "", lastBeatSent: 0, pageviews: [] };
  private headers: Record<string, string> = {};
  private readonly stream = new AbortController();
  private pages = 0;
  /** The script's random key of its registration, the same each time it is sent. */
  private readonly registrationKey = randomBytes(16).toString("hex");
  /** A message of the visitor's stream (a session starting, a snapshot asked for). */
  onMessage: (message: Record<string, unknown>) => void = () => {};

  constructor(
    private readonly traffic: Traffic,
    private readonly publicKey: string,
    readonly name: string,
  ) {}

  get credentials(): Record<string, string> {
    return this.headers;
  }

  async register(): Promise<void> {
    const url = `https://shop.example.com/${this.name}/landing`;
    const { answer, body } = await this.traffic.untilAccepted("register", "/collect/register", () => ({
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ publicKey: this.publicKey, url, title: "Shop", referrer: "", registrationKey: this.registrationKey }),
    }));
    if (answer.status !== 200 || !body) throw new Error(`registration of ${this.name} ended with ${answer.status}`);
    this.ledger.visitorId = body.visitorId as string;
    this.headers = { "x-visitor-id": body.visitorId as string, "x-visitor-token": body.token as string };
    void this.traffic.stream(
      "visitor stream",
      "/collect/live/stream",
      () => this.headers,
      (message) => this.onMessage(message),
      this.stream.signal,
    );
  }

  /** POSTs as this visitor. */
  post(kind: string, path: string, body: unknown) {
    return this.traffic.call(kind, path, { method: "POST", headers: { ...JSON_HEADERS, ...this.headers }, body: JSON.stringify(body) });
  }

  async beat(): Promise<void> {
    for (;;) {
      const sent = Date.now();
      const { answer } = await this.post("heartbeat", "/collect/heartbeat", {});
      if (answer.status === 200) return void (this.ledger.lastBeatSent = Math.max(this.ledger.lastBeatSent, sent));
      // The script sends the next beat soon after a refused one: one beat lost would leave the visitor short.
      if (!this.traffic.running || (answer.status >= 400 && answer.status < 500 && answer.status !== 429)) return;
      await sleep(Number(answer.retryAfter ?? 1) * 1000 + Math.random() * 500);
    }
  }

  async pageview(): Promise<void> {
    const url = `https://shop.example.com/${this.name}/page-${++this.pages}`;
    for (;;) {
      const { answer } = await this.post("pageview", "/collect/pageview", { url, title: `Page ${this.pages}`, referrer: "" });
      if (answer.status === 200) return void this.ledger.pageviews.push({ url, at: Date.now() });
      if (!this.traffic.running || (answer.status >= 400 && answer.status < 500 && answer.status !== 429)) return;
      await sleep(Number(answer.retryAfter ?? 1) * 1000 + Math.random() * 500);
    }
  }

  /** The page closes: with the leave beacon (not retried: the page is gone), or without a word. */
  async go(withBeacon: boolean): Promise<void> {
    this.stream.abort();
    if (withBeacon) await this.post("leave", "/collect/leave", {});
  }

  /** Beats and browses until `until`, as a page open that long does. */
  async live(until: () => boolean, beatMs: number, pageMs: number): Promise<void> {
    let nextBeat = Date.now() + Math.random() * beatMs;
    let nextPage = Date.now() + Math.random() * pageMs;
    while (until() && this.traffic.running) {
      const now = Date.now();
      if (now >= nextBeat) {
        nextBeat = now + beatMs;
        await this.beat();
      } else if (now >= nextPage) {
        nextPage = now + pageMs * (0.5 + Math.random());
        await this.pageview();
      } else await sleep(Math.min(nextBeat, nextPage) - now);
    }
  }
}

/**
 * `count` visitors on the site at any time: each stays `lifetimeMs` (give or take half), then goes (half
 * of them with the leave beacon) and a new one comes. Every visitor that came is kept, for the checks.
 */
export function runVisitors(
  traffic: Traffic,
  publicKey: string,
  options: { count: number; lifetimeMs: number; beatMs: number; pageMs: number; active: () => boolean },
) {
  const everyone: SimVisitor[] = [];
  let made = 0;
  const slot = async (first: boolean) => {
    // The first visitors arrive over the first seconds, not at once.
    if (first) await sleep(Math.random() * 10_000);
    while (traffic.running && options.active()) {
      const visitor = new SimVisitor(traffic, publicKey, `v${++made}`);
      everyone.push(visitor);
      await visitor.register();
      if (!visitor.ledger.visitorId) continue;
      const leaveAt = Date.now() + options.lifetimeMs * (0.5 + Math.random());
      await visitor.live(() => Date.now() < leaveAt && options.active(), options.beatMs, options.pageMs);
      // Still on the page when the load winds down: it just stops.
      await visitor.go(options.active() && Math.random() < 0.5);
    }
  };
  const running = Promise.all(Array.from({ length: options.count }, () => slot(true)));
  return { everyone, running };
}
