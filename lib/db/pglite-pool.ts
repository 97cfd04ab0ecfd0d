import path from "node:path";
import { Worker } from "node:worker_threads";
import { commitsAbandoned, rollBackInstead, type TransactionWatch } from "@/lib/availability/deadline";
import { workerExecArgv } from "../worker-threads";

/**
 * A query as node-postgres takes it (drizzle's node-postgres driver builds these). Its type parsers stay
 * behind: they are drizzle's, always the same, and the worker's connection applies the same rule.
 */
interface QueryConfig {
  name?: string;
  text: string;
  rowMode?: "array";
}

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  rowCount: number | null;
  command: string;
}

type Request =
  | { op: "query"; name?: string; text: string; values?: unknown[]; rowMode?: string; session?: number }
  | { op: "connect" }
  | { op: "release"; session: number }
  | { op: "close" };

const WORKER = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/db/pglite-worker.mjs");

function toError(data: Record<string, unknown>): Error {
  return Object.assign(new Error(String(data.message)), data);
}

/**
 * PGlite in a worker thread, behind the part of node-postgres's Pool that drizzle uses: `query`, and
 * `connect` for a transaction's client. The server's thread only sends queries and reads answers; each
 * query's work (in WebAssembly) runs on the other core. One PGlite has one session, as before: a
 * transaction holds it until released, and other queries wait their turn.
 */
export class PGlitePool {
  private next = 0;
  /** Why the worker is gone, once it is: every later query fails at once instead of waiting forever. */
  private stopped: Error | null = null;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly worker: Worker) {
    worker.on("message", (message: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
      const call = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id!);
      if (message.error) call.reject(toError(message.error));
      else call.resolve(message.result);
    });
    const fail = (error: Error) => {
      this.stopped = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The database worker stopped (exit code ${code}).`)));
  }

  /** Opens the PGlite database of `dir` in a new worker; resolves once it answers. */
  static async open(dir: string): Promise<PGlitePool> {
    const worker = new Worker(WORKER, { workerData: { dir }, execArgv: workerExecArgv() });
    await new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The database worker could not open ${dir} (exit code ${code}).`)));
    });
    return new PGlitePool(worker);
  }

  private call<T>(request: Request): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query(config: QueryConfig | string, values?: unknown[], session?: number): Promise<QueryResult> {
    const query = typeof config === "string" ? { text: config } : config;
    return this.call({ op: "query", name: query.name, text: query.text, values, rowMode: query.rowMode, session });
  }

  /** The session for a transaction: its queries run, the others wait, until `release()`. */
  async connect(): Promise<{ query: PGlitePool["query"]; release: () => void }> {
    const session = await this.call<number>({ op: "connect" });
    const transaction: TransactionWatch = {};
    return {
      // A transaction its request's deadline left behind rolls back (lib/availability/deadline.ts).
      query: (config, values) =>
        commitsAbandoned(transaction, config) ? rollBackInstead(() => this.query("rollback", undefined, session)) : this.query(config, values, session),
      release: () => void this.call({ op: "release", session }),
    };
  }

  async end(): Promise<void> {
    await this.call({ op: "close" }).catch(() => undefined);
    await this.worker.terminate();
  }
}
