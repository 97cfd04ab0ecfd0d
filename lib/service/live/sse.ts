import { logFailure } from "@/lib/availability/unavailable";
import { isDraining, trackStream } from "@/lib/lifecycle/draining";
import { ServiceError } from "../core/errors";
import { publicNodeId } from "./node-relay";

/** How soon a browser reconnects after its stream closes (a stopping node closes every stream). */
const RECONNECT_MS = 1000;

/** Server-Sent Events: one `data:` line of JSON per message, and a comment now and then so proxies keep the line open. */
export const SSE_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

export interface SseChannel {
  send: (message: unknown) => void;
  /** Sends a message already serialized as JSON. */
  sendJson: (json: string) => void;
  /** Runs `task` every `ms` while the stream is open (keep-alives, presence). */
  every: (ms: number, task: () => void | Promise<void>) => void;
  /** Ends the stream; the browser reconnects after `retryMs` when given, else at once. */
  close: (retryMs?: number) => void;
}

/**
 * A streaming response that lives until the client goes away (`request.signal`), `close()` is called or
 * the node stops. `open` sets the stream up and returns its cleanup. A stopping node opens none: a 503
 * (thrown: the service's envelope answers), and the browser tries again, through the load balancer.
 */
export function sseResponse(
  request: Request,
  open: (channel: SseChannel) => Promise<() => void> | (() => void),
  headers: Record<string, string> = {},
): Response {
  if (isDraining()) {
    throw new ServiceError("draining", "This app node is stopping: connect again.", { ...headers, "retry-after": "1" });
  }
  const encoder = new TextEncoder();
  const timers: ReturnType<typeof setInterval>[] = [];
  let cleanup: (() => void) | undefined;
  let closed = false;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;

  const write = (text: string) => {
    if (closed || !controllerRef) return;
    try {
      controllerRef.enqueue(encoder.encode(text));
    } catch {
      finish();
    }
  };
  const finish = () => {
    if (closed) return;
    closed = true;
    untrack();
    timers.forEach(clearInterval);
    cleanup?.();
    try {
      controllerRef?.close();
    } catch {
      // already closed by the client
    }
  };
  const channel: SseChannel = {
    send: (message) => write(`data: ${JSON.stringify(message)}\n\n`),
    sendJson: (json) => write(`data: ${json}\n\n`),
    every: (ms, task) => {
      timers.push(
        setInterval(() => {
          if (!closed) void Promise.resolve(task()).catch((error) => console.error("live stream task failed", error));
        }, ms),
      );
    },
    close: (retryMs) => {
      if (retryMs !== undefined) write(`retry: ${retryMs}\n\n`);
      finish();
    },
  };

  const untrack = trackStream(() => finish());
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controllerRef = controller;
      write(`retry: ${RECONNECT_MS}\n: open\n\n`);
      channel.every(15_000, () => write(": keep-alive\n\n"));
      request.signal.addEventListener("abort", finish);
      try {
        const stop = await open(channel);
        if (closed) stop();
        else cleanup = stop;
      } catch (error) {
        logFailure("live stream failed to open", error);
        finish();
      }
    },
    cancel: finish,
  });
  return new Response(stream, { headers: { ...SSE_HEADERS, "x-tandem-node": publicNodeId(), ...headers } });
}
