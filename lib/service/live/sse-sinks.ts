import type { ServerResponse } from "node:http";

/** Where a live stream's text goes. */
export interface SseSink {
  write: (text: string) => void;
  /** Bytes written and not yet taken by the client. */
  unsent: () => number;
  /** Ends the stream once what was written has gone out. */
  end: () => void;
  /** Drops the stream and what it still holds (a client too far behind). */
  cut: () => void;
  /** Runs `gone` when the client goes away. */
  onGone: (gone: () => void) => void;
}

/** Node's response itself: one write a turn of the event loop, no web stream in between. */
export function nodeSink(outgoing: ServerResponse): SseSink {
  return {
    write: (text) => void outgoing.write(text),
    unsent: () => outgoing.writableLength,
    end: () => void outgoing.end(),
    // A reset, not a close: a close would wait behind the unsent bytes in the kernel's buffers.
    cut: () => void (outgoing.socket ? outgoing.socket.resetAndDestroy() : outgoing.destroy()),
    onGone: (gone) => void outgoing.on("close", gone).on("error", gone),
  };
}

/** A web stream, for callers without a socket (the console in this process, tests): `body` is the Response's. */
export function webSink(signal: AbortSignal): { sink: SseSink; body: ReadableStream<Uint8Array> } {
  const encoder = new TextEncoder();
  const goneListeners: Array<() => void> = [];
  const gone = () => goneListeners.forEach((listener) => listener());
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // Counted in bytes: the stream's desired size goes below zero by what the reader has not taken.
  const body = new ReadableStream<Uint8Array>(
    { start: (opened) => void (controller = opened), cancel: gone },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  signal.addEventListener("abort", gone);
  const settle = (settleStream: () => void) => {
    try {
      settleStream();
    } catch {
      // already closed by the client
    }
  };
  return {
    body,
    sink: {
      write: (text) => settle(() => controller.enqueue(encoder.encode(text))),
      unsent: () => -(controller.desiredSize ?? 0),
      end: () => settle(() => controller.close()),
      cut: () => settle(() => controller.error(new Error("The client fell too far behind the live stream."))),
      onGone: (listener) => void goneListeners.push(listener),
    },
  };
}
