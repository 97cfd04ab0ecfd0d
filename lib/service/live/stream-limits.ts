import { env } from "@/lib/env";
import { ServiceError } from "../core/errors";
import { sseResponse, type SseChannel, type SseRequest } from "./sse";

// Bounds on the visitor streams one app node holds: each holds a relay subscription and buffers, and a
// visitor's credential is in every page that carries the snippet. Counted in this process: behind a load
// balancer each node keeps its own count, so a visitor or an address may hold that many per node.

/** A visitor may have a few tabs open: opening one more closes its oldest stream. */
export const MAX_STREAMS_PER_VISITOR = 4;
/**
 * A stream closed to make room waits this long before connecting again, so that a visitor with more tabs
 * than the cap takes turns slowly rather than every second.
 */
export const REPLACED_STREAM_RETRY_MS = 15_000;
const REFUSED_RETRY_SECONDS = 30;

interface Counts {
  /** Visitor id → its open streams' `close`, oldest first (a Set keeps insertion order). */
  byVisitor: Map<string, Set<() => void>>;
  /** Client address → its open streams. */
  byAddress: Map<string, number>;
}

// Every bundle of the process shares the counts.
const slot = Symbol.for("tandem.visitor-stream-limits");

function counts(): Counts {
  const holder = globalThis as { [slot]?: Counts };
  holder[slot] ??= { byVisitor: new Map(), byAddress: new Map() };
  return holder[slot];
}

/**
 * A visitor's stream within this node's bounds: refused with 429 `rate_limited` while its address holds
 * LIVE_STREAMS_PER_ADDRESS (streams of any visitors: an office behind one address included); once open, the visitor's oldest streams beyond MAX_STREAMS_PER_VISITOR close
 * (the newest wins: most likely the tab in use).
 */
export function boundedVisitorStream(request: SseRequest, visitorId: string, address: string, open: (channel: SseChannel) => Promise<() => void>): Response {
  const { byVisitor, byAddress } = counts();
  const held = byAddress.get(address) ?? 0;
  if (held >= env().LIVE_STREAMS_PER_ADDRESS) {
    throw new ServiceError("rate_limited", "Too many live streams from this address: retry later.", { "retry-after": String(REFUSED_RETRY_SECONDS) });
  }
  byAddress.set(address, held + 1);

  let close: (() => void) | undefined;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left > 0) byAddress.set(address, left);
    else byAddress.delete(address);
    const streams = byVisitor.get(visitorId);
    if (close && streams?.delete(close) && streams.size === 0) byVisitor.delete(visitorId);
  };

  try {
    return sseResponse(request, async (channel) => {
      close = () => channel.close(REPLACED_STREAM_RETRY_MS);
      const streams = byVisitor.get(visitorId) ?? new Set();
      byVisitor.set(visitorId, streams.add(close));
      for (const oldest of [...streams].slice(0, -MAX_STREAMS_PER_VISITOR)) oldest();
      try {
        const stop = await open(channel);
        return () => {
          release();
          stop();
        };
      } catch (error) {
        release();
        throw error;
      }
    });
  } catch (error) {
    // Refused before it opened (a stopping node).
    release();
    throw error;
  }
}
