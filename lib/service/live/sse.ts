import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { logFailure } from "@/lib/availability/unavailable";
import { isDraining, trackStream } from "@/lib/lifecycle/draining";
import { ServiceError } from "../core/errors";
import { publicNodeId } from "./node-relay";
import { TAIL_BOUND } from "./relay";
import { nodeSink, webSink, type SseSink } from "./sse-sinks";

/** How soon a browser reconnects after its stream closes (a stopping node closes every stream). */
const RECONNECT_MS = 1000;

/**
 * How far a client may fall behind, in bytes written to its stream and not yet taken: past it the stream
 * is cut and the client reconnects, taking the session as it is now (a late joiner's replay, never more
 * than TAIL_BOUND) instead of a backlog that only grows. A slow viewer holds at most this much, and the
 * one turn's messages written on top of it.
 */
export const MAX_UNSENT_BYTES = TAIL_BOUND.bytes;

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

/** Where a stream's request came from: Node's response alongside when it came over HTTP. */
export interface SseRequest {
  request: Request;
  outgoing: ServerResponse | undefined;
}

/**
 * A streaming response that lives until the client goes away, `close()` is called or the node stops.
 * `open` sets the stream up and returns its cleanup. Over HTTP the stream is written straight to Node's
 * response; in-process and test callers get a web stream. A stopping node opens none: a 503 (thrown:
 * the service's envelope answers), and the browser tries again, through the load balancer.
 */
export function sseResponse(
  { request, outgoing }: SseRequest,
  open: (channel: SseChannel) => Promise<() => void> | (() => void),
  headers: Record<string, string> = {},
): Response {
  if (isDraining()) {
    throw new ServiceError("draining", "This app node is stopping: connect again.", { ...headers, "retry-after": "1" });
  }
  const allHeaders = { ...SSE_HEADERS, "x-tandem-node": publicNodeId(), ...headers };
  if (outgoing) {
    outgoing.writeHead(200, allHeaders);
    runStream(nodeSink(outgoing), open);
    return RESPONSE_ALREADY_SENT;
  }
  const { sink, body } = webSink(request.signal);
  runStream(sink, open);
  return new Response(body, { headers: allHeaders });
}

/** The stream's life on its sink: the channel, keep-alives, the node's drain, the bound on what is unsent. */
function runStream(sink: SseSink, open: (channel: SseChannel) => Promise<() => void> | (() => void)): void {
  const timers: ReturnType<typeof setInterval>[] = [];
  let cleanup: (() => void) | undefined;
  let closed = false;
  // Messages of one turn of the event loop go out in one write.
  let pending = "";
  let flushing: ReturnType<typeof setImmediate> | undefined;

  const flush = () => {
    flushing = undefined;
    if (closed || !pending) return;
    const text = pending;
    pending = "";
    if (sink.unsent() > MAX_UNSENT_BYTES) finish({ cut: true });
    else sink.write(text);
  };
  const write = (text: string) => {
    if (closed) return;
    pending += text;
    flushing ??= setImmediate(flush);
  };
  const finish = ({ cut = false } = {}) => {
    if (closed) return;
    if (flushing) clearImmediate(flushing);
    if (!cut && pending) sink.write(pending);
    closed = true;
    pending = "";
    untrack();
    timers.forEach(clearInterval);
    cleanup?.();
    if (cut) sink.cut();
    else sink.end();
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
  sink.onGone(() => finish());
  write(`retry: ${RECONNECT_MS}\n: open\n\n`);
  channel.every(15_000, () => write(": keep-alive\n\n"));
  void (async () => {
    try {
      const stop = await open(channel);
      if (closed) stop();
      else cleanup = stop;
    } catch (error) {
      logFailure("live stream failed to open", error);
      finish();
    }
  })();
}
