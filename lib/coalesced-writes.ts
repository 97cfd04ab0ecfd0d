import type { ServerResponse } from "node:http";

/**
 * Next streams every answer: it sends the head as soon as the first chunk is ready (`flushHeaders`), then
 * each chunk, then the end of the chunked body, each a write of its own to the socket. A server action's
 * answer is ready all at once, and three writes on loopback cost more than its whole rendering. From the
 * head on, the socket holds what is written until the end of this turn of the event loop: what is ready in
 * the same turn leaves in one write (Node sends all that is held at `end()`), and a page that streams its
 * later chunks still sends each as it comes.
 */
export function coalesceWrites(res: ServerResponse): void {
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    const socket = res.socket;
    if (socket && !socket.destroyed) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    flushHeaders();
  };
}
