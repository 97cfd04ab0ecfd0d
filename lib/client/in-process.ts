import "server-only";
import type { FetchLike } from "./http";

/** What answers an API's requests inside this process: a standard fetch handler (Request in, Response out). */
export type InProcessHandler = (request: Request) => Promise<Response>;

// The server and Next's bundles each load this module in one process: the handler lives on globalThis.
const slot = Symbol.for("tandem.in-process-api");
type Holder = { [slot]?: InProcessHandler };

/**
 * Registers the handler of the API that this process serves itself (the embedded service), so a client
 * of it skips the loopback HTTP round trip: no socket, no HTTP encoding and parsing, no second pass
 * through the server. Requests and answers stay the API's own (the same headers, key check and status).
 * `null` takes it away again.
 */
export function serveInProcess(handler: InProcessHandler | null): void {
  if (handler) (globalThis as Holder)[slot] = handler;
  else delete (globalThis as Holder)[slot];
}

/**
 * A fetch for the API this process serves: the registered handler when there is one (Tandem's server),
 * else the network (any other process, such as a script or a test). Read per request, so a client made
 * before the registration still takes it. The timeout's signal ends the wait as it would a network call.
 */
export const inProcessOrNetworkFetch: FetchLike = async (input, init) => {
  const handler = (globalThis as Holder)[slot];
  if (!handler) return fetch(input, init);
  const request = new Request(input, init);
  const signal = init?.signal;
  if (!signal) return handler(request);
  signal.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    handler(request)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", abort));
  });
};
