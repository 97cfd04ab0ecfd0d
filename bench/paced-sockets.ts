/**
 * An open-loop load as light as a load generator can be on the cores it shares with what it measures:
 * requests prebuilt as bytes, written on raw kept-alive sockets (one request in flight on each), answers
 * read no further than their status line and length. Request i is due at i / rate seconds, whatever the
 * answers; latency counts from when it was due (no coordinated omission). A request unanswered 10 s after
 * it was due (waiting for a connection included, as a browser gives up), a dropped connection or an
 * answer other than 200 is an error, counted with its status; so a server that collapses ends the run on
 * time, its requests counted as errors.
 */
import net from "node:net";
import { percentile } from "./measure";

export interface SocketLoadResult {
  asked: number;
  answered: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 200 by status, and "dropped" / "timeout". */
  errors: Map<string, number>;
  samples: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const CHUNKED_END = Buffer.from("\r\n0\r\n\r\n");
const TIMEOUT_MS = 10_000;

/** How long the answer at the start of `buffer` is, in bytes, and its status; null while incomplete. */
function answerIn(buffer: Buffer): { length: number; status: number; close: boolean } | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = buffer.toString("latin1", 0, end);
  const status = Number(head.slice(9, 12));
  // nginx closes a client's connection after its keepalive_requests: the answer says so.
  const close = /\r\nconnection:\s*close/i.test(head);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const total = end + 4 + Number(length[1]);
    return buffer.length >= total ? { length: total, status, close } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = buffer.indexOf(CHUNKED_END, end + 2);
    return last < 0 ? null : { length: last + CHUNKED_END.length, status, close };
  }
  return { length: end + 4, status, close };
}

interface Connection {
  socket: net.Socket;
  buffered: Buffer;
  due: number;
  timer?: NodeJS.Timeout;
}

/** `rate` requests a second for `seconds` to host:port, request i being `request(i)`, on up to `maxSockets` connections. */
export async function pacedSocketLoad(
  host: string,
  port: number,
  rate: number,
  seconds: number,
  request: (index: number) => Buffer,
  maxSockets = 1024,
): Promise<SocketLoadResult> {
  const latencies = new Float64Array(Math.round(rate * seconds));
  let samples = 0;
  const errors = new Map<string, number>();
  const fail = (why: string) => errors.set(why, (errors.get(why) ?? 0) + 1);
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const backlog: number[] = [];
  const total = Math.round(rate * seconds);
  let sent = 0;
  let settled = 0;
  const start = performance.now();
  let done: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const settle = () => {
    if (++settled === total) done();
  };

  const dueAt = (index: number) => start + (index / rate) * 1000;
  /** The next request still waiting for a connection; those waiting past the timeout are given up. */
  const nextWaiting = (): number | undefined => {
    for (let next = backlog.shift(); next !== undefined; next = backlog.shift()) {
      if (performance.now() - dueAt(next) < TIMEOUT_MS) return next;
      fail("timeout");
      settle();
    }
    return undefined;
  };
  const release = (connection: Connection) => {
    const next = nextWaiting();
    if (next === undefined) idle.push(connection);
    else write(connection, next);
  };
  const write = (connection: Connection, index: number) => {
    connection.due = dueAt(index);
    connection.timer = setTimeout(() => connection.socket.destroy(new Error("timeout")), Math.max(0, connection.due + TIMEOUT_MS - performance.now()));
    connection.socket.write(request(index));
  };
  const open = (): Connection => {
    const connection: Connection = { socket: net.connect({ host, port, noDelay: true }), buffered: Buffer.alloc(0), due: 0 };
    all.add(connection);
    connection.socket.on("data", (chunk: Buffer) => {
      connection.buffered = connection.buffered.length ? Buffer.concat([connection.buffered, chunk]) : chunk;
      const answer = answerIn(connection.buffered);
      if (!answer) return;
      clearTimeout(connection.timer);
      connection.timer = undefined;
      connection.buffered = connection.buffered.subarray(answer.length);
      if (answer.status === 200) latencies[samples++] = performance.now() - connection.due;
      else fail(String(answer.status));
      settle();
      if (answer.close) connection.socket.destroy();
      else release(connection);
    });
    const lost = (error?: Error) => {
      if (!all.delete(connection)) return;
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      if (connection.timer) {
        clearTimeout(connection.timer);
        fail(error?.message === "timeout" ? "timeout" : "dropped");
        settle();
      }
      // What waited for a connection goes on a new one.
      const next = all.size < maxSockets ? nextWaiting() : undefined;
      if (next !== undefined) write(open(), next);
    };
    connection.socket.on("error", lost);
    connection.socket.on("close", () => lost());
    return connection;
  };
  const send = (index: number) => {
    const connection = idle.pop() ?? (all.size < maxSockets ? open() : undefined);
    if (connection) write(connection, index);
    else backlog.push(index);
  };
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    while (sent < due) send(sent++);
    giveUpStale();
    if (sent < total) setTimeout(tick, 2);
    else sweepWaiting();
  };
  // Requests waiting for a connection while every one is busy are given up on time too.
  const giveUpStale = () => {
    while (backlog.length && performance.now() - dueAt(backlog[0]) >= TIMEOUT_MS) {
      backlog.shift();
      fail("timeout");
      settle();
    }
  };
  const sweepWaiting = () => {
    giveUpStale();
    if (settled < total) setTimeout(sweepWaiting, 100);
  };
  tick();
  await finished;
  const elapsed = (performance.now() - start) / 1000;
  for (const connection of all) connection.socket.destroy();
  const sorted = latencies.subarray(0, samples).sort();
  const values = Array.from(sorted);
  // No answer at all: figures of NaN, which the benchmark refuses.
  const quantile = (p: number) => (samples ? percentile(values, p) : NaN);
  return {
    asked: rate,
    answered: samples / elapsed,
    p50: quantile(50),
    p95: quantile(95),
    p99: quantile(99),
    errors,
    samples,
  };
}
