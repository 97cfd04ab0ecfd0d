/**
 * cobrowse-console.js: loaded by cobrowse.js only when a session's watch link allows the remote
 * console. Sends the page's console messages, uncaught errors, unhandled rejections and failed requests
 * to the session's agents, a batch every 100 ms, with what masking hides redacted (console-text.ts).
 * It only reads: nothing of the agents' runs on the page.
 */
import type { ConsoleEntry } from "@/lib/contract";
import { CONSOLE_BATCH_MAX, CONSOLE_MESSAGES_PER_SECOND, CONSOLE_STACK_MAX, CONSOLE_TEXT_MAX, CONSOLE_URL_MAX } from "@/lib/contract/remote-console-limits";
import { collectRoutes } from "@/lib/contract/endpoints/collect-routes";
import { CONSOLE_GLOBAL, type ConsoleHost, type ConsoleModule } from "../bundles/console-api";
import { capped, describeValue, formatArguments, MIN_SECRET_LENGTH, redact, redactUrlsIn, secretForms, secretsOnPage } from "./console-text";

const FLUSH_MS = 100;
/** Values remembered from earlier in the session, beyond those on the page now (the oldest go first). */
const REMEMBERED_MAX = 500;
const LEVELS = ["log", "info", "warn", "error"] as const;
/** A refusal that will not change: the session ended, or its link does not allow the console. */
const FINAL_STATUS = new Set([403, 404, 409]);

type Level = (typeof LEVELS)[number];
type Unstamped = ConsoleEntry extends infer E ? (E extends ConsoleEntry ? Omit<E, "at"> : never) : never;

const start: ConsoleModule = (host: ConsoleHost, sessionId: string) => {
  let stopped = false;
  let queue: ConsoleEntry[] = [];
  let dropped = 0;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let windowStart = 0;
  let inWindow = 0;
  /** Set while the capture itself runs: what it logs (or fetches) is not the page's. */
  let busy = false;
  const restore: Array<() => void> = [];

  /** Redacts text with the secrets and the team's URL rule; looks only as far as the cap can keep. */
  const clean = (text: string, max: number, secrets: string[]) =>
    capped(redact(redactUrlsIn(text.slice(0, max + (secrets[0]?.length ?? 0)), host.redactUrl, location.href), secrets), max);

  // What the page held earlier stays secret: a field's value the page reads, clears, then logs, is no
  // longer on the page when the message is made. Each field's latest typed value (not each keystroke's),
  // and every value found on the page at an earlier message, are remembered for the session.
  const typed = new Map<EventTarget, string>();
  const remembered = new Set<string>();
  const remember = (value: string) => {
    if (value.length < MIN_SECRET_LENGTH) return;
    remembered.delete(value);
    remembered.add(value);
    if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.values().next().value as string);
  };
  const onInput = (event: Event) => {
    const field = event.target as HTMLInputElement | null;
    if (typeof field?.value !== "string") return;
    if (field.value.trim().length >= MIN_SECRET_LENGTH) typed.set(field, field.value.trim());
    if (typed.size > REMEMBERED_MAX) typed.delete(typed.keys().next().value as EventTarget);
  };
  addEventListener("input", onInput, true);
  restore.push(() => removeEventListener("input", onInput, true));
  const secretsNow = () => {
    for (const value of secretsOnPage(host.maskingSelectors())) remember(value);
    return secretForms([...remembered, ...typed.values()]);
  };

  const flush = () => {
    timer = undefined;
    if (stopped || inFlight || (!queue.length && !dropped)) return;
    const batch = { entries: queue, dropped };
    queue = [];
    dropped = 0;
    inFlight = true;
    busy = true;
    const sent = host.post(collectRoutes.sendConsole, { sessionId, ...batch });
    busy = false;
    void sent
      .catch((error: { status?: number }) => {
        if (error && typeof error.status === "number" && FINAL_STATUS.has(error.status)) return stop();
        dropped += batch.entries.length; // lost on the way: said as dropped with the next batch
      })
      .finally(() => {
        inFlight = false;
        if (queue.length || dropped) schedule();
      });
  };
  const schedule = () => {
    if (!timer && !stopped) timer = setTimeout(flush, FLUSH_MS);
  };

  /** Takes one message within the caps, made by `make` (with the page's secrets) only when it is kept. */
  const add = (make: (secrets: string[]) => Unstamped) => {
    if (stopped || busy) return;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    if (inWindow >= CONSOLE_MESSAGES_PER_SECOND || queue.length >= CONSOLE_BATCH_MAX) {
      dropped++;
      return schedule();
    }
    inWindow++;
    busy = true;
    try {
      queue.push({ ...make(secretsNow()), at: now } as ConsoleEntry);
    } catch {
      dropped++;
    } finally {
      busy = false;
    }
    schedule();
  };

  const errorEntry = (kind: "exception" | "rejection", reason: unknown, message?: string) => (secrets: string[]) => {
    const error = reason instanceof Error ? reason : null;
    const text = error ? `${error.name || "Error"}: ${error.message}` : message && reason === undefined ? message : describeValue(reason);
    const stack = error?.stack ? clean(error.stack, CONSOLE_STACK_MAX, secrets) : undefined;
    return { kind, text: clean(text, CONSOLE_TEXT_MAX, secrets), ...(stack ? { stack } : {}) };
  };

  // console.log, info, warn, error: the page's own call runs as before, whatever the capture does.
  for (const level of LEVELS) {
    const original = console[level];
    const wrapper = function (this: Console, ...args: unknown[]) {
      if (!stopped) add((secrets) => ({ kind: level as Level, text: clean(formatArguments(args), CONSOLE_TEXT_MAX, secrets) }));
      return original.apply(this, args);
    };
    console[level] = wrapper;
    restore.push(() => {
      if (console[level] === wrapper) console[level] = original;
    });
  }

  const onError = (event: ErrorEvent) => add(errorEntry("exception", event.error ?? undefined, event.message));
  const onRejection = (event: PromiseRejectionEvent) => add(errorEntry("rejection", event.reason));
  addEventListener("error", onError);
  addEventListener("unhandledrejection", onRejection);
  restore.push(() => {
    removeEventListener("error", onError);
    removeEventListener("unhandledrejection", onRejection);
  });

  // The script's own calls to the service (a customer's page may be served from the same origin).
  const own = (url: string) => url.startsWith(`${host.baseUrl}/collect/`);
  const failed = (method: string, url: string, status: number | null) => {
    let absolute: string;
    try {
      absolute = new URL(url, location.href).href;
    } catch {
      absolute = url;
    }
    if (own(absolute)) return;
    add((secrets) => ({
      kind: "network",
      method: (method || "GET").toUpperCase().slice(0, 16),
      url: clean(host.redactUrl(absolute), CONSOLE_URL_MAX, secrets),
      status,
    }));
  };

  // fetch: a 4xx/5xx answer, or a network error (not the page's own abort).
  const originalFetch = window.fetch;
  const patchedFetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const method = init?.method ?? request?.method ?? "GET";
    return originalFetch.call(this, input, init).then(
      (response) => {
        if (response.status >= 400) failed(method, url, response.status);
        return response;
      },
      (error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) failed(method, url, null);
        throw error;
      },
    );
  } as typeof fetch;
  window.fetch = patchedFetch;
  restore.push(() => {
    if (window.fetch === patchedFetch) window.fetch = originalFetch;
  });

  // XMLHttpRequest: the same, read from its events.
  const requests = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  const proto = XMLHttpRequest.prototype;
  const originalOpen = proto.open;
  const originalSend = proto.send;
  proto.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    requests.set(this, { method, url: String(url) });
    return (originalOpen as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof proto.open;
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const request = requests.get(this);
    if (request && !stopped) {
      this.addEventListener("load", () => this.status >= 400 && failed(request.method, request.url, this.status), { once: true });
      this.addEventListener("error", () => failed(request.method, request.url, null), { once: true });
      this.addEventListener("timeout", () => failed(request.method, request.url, null), { once: true });
    }
    return originalSend.call(this, body);
  };
  const patchedOpen = proto.open;
  const patchedSend = proto.send;
  restore.push(() => {
    if (proto.open === patchedOpen) proto.open = originalOpen;
    if (proto.send === patchedSend) proto.send = originalSend;
  });

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    queue = [];
    for (const undo of restore) undo();
    stopOnEnd();
  };
  const stopOnEnd = host.emitter.on("session_ended", stop);
};

(window as unknown as Record<string, ConsoleModule>)[CONSOLE_GLOBAL] = start;
