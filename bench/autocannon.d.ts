// The part of autocannon 9's programmatic API that the benchmarks use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface Request extends RequestData {
    /** Called before each request is built; returns the request to send (falsy: start the list again). */
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }

  /** One connection. Emits `response` (status, bytes, ms), `request`, `timeout`, `connError`. */
  export interface Client extends EventEmitter {
    requestIterator: { context: Record<string, unknown> };
  }

  export interface Options {
    url: string;
    method?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests in all, instead of a duration. */
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    pipelining?: number;
    /** Requests per second across all connections (they wait their turn): a paced load. */
    overallRate?: number;
    requests?: Request[];
    initialContext?: Record<string, unknown>;
    setupClient?: (client: Client) => void;
  }

  export interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Histogram;
    requests: Histogram & { total: number };
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result> & EventEmitter;
  export default autocannon;
}
