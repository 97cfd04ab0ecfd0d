import { readDataMessages } from "../../lib/testing/stream-messages";

/** Every request the fault suite's load sends, with its answer: what the figures of each fault are made of. */
export interface Answer {
  kind: string;
  /** When it was sent, and how long its answer took (ms). */
  started: number;
  ms: number;
  /** 0: no answer (the connection failed or the request timed out). */
  status: number;
  retryAfter: string | null;
}

/** An answer no client should get: a server error other than 503, or no answer. */
export const isBroken = (answer: Pick<Answer, "status">) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503);

/** The longest a load request waits for its answer before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 30_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a client waits before asking again: the answer's Retry-After, else a second, and a little jitter. */
export function retryDelay(answer: { retryAfter: string | null }): number {
  const seconds = Number(answer.retryAfter);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000) + Math.random() * 500;
}

export class Traffic {
  readonly answers: Answer[] = [];
  private stopped = false;

  constructor(readonly baseUrl: string) {}

  get running(): boolean {
    return !this.stopped;
  }

  stop(): void {
    this.stopped = true;
  }

  /** One request, timed and kept; its JSON body (or null). */
  async call(kind: string, path: string, init: RequestInit = {}): Promise<{ answer: Answer; body: Record<string, unknown> | null; text: string }> {
    const started = Date.now();
    let status = 0;
    let retryAfter: string | null = null;
    let text = "";
    try {
      const response = await fetch(this.baseUrl + path, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      text = await response.text();
    } catch {
      status = 0;
    }
    const answer = { kind, started, ms: Date.now() - started, status, retryAfter };
    this.answers.push(answer);
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { answer, body, text };
  }

  /** Asks until the answer is a success (or the load stops), waiting as each refusal says; the last answer. */
  async untilAccepted(kind: string, path: string, init: () => RequestInit): Promise<{ answer: Answer; body: Record<string, unknown> | null; text: string }> {
    for (;;) {
      const result = await this.call(kind, path, init());
      if (result.answer.status >= 200 && result.answer.status < 300) return result;
      if (result.answer.status >= 400 && result.answer.status < 500 && result.answer.status !== 429 && result.answer.status !== 408) return result;
      if (this.stopped) return result;
      await sleep(retryDelay(result.answer));
    }
  }

  /**
   * Holds a Server-Sent Events stream open, reconnecting a second after it drops (as the visitor script
   * and the watch page do), and hands over each message until `signal` aborts.
   */
  async stream(kind: string, path: string, headers: () => Record<string, string>, onMessage: (message: Record<string, unknown>) => void, signal: AbortSignal) {
    while (!signal.aborted && !this.stopped) {
      const started = Date.now();
      try {
        const response = await fetch(this.baseUrl + path, { headers: headers(), signal });
        this.answers.push({ kind, started, ms: Date.now() - started, status: response.status, retryAfter: response.headers.get("retry-after") });
        if (response.ok && response.body) await readDataMessages(response.body, onMessage);
        else await response.body?.cancel();
      } catch {
        if (signal.aborted) return;
      }
      await sleep(1000);
    }
  }
}
