import type { Socket } from "node:net";
import pg from "pg";
import { commitsAbandoned, rollBackInstead, type TransactionWatch } from "@/lib/availability/deadline";
import { isUnavailable, logUnavailable, UnavailableError } from "@/lib/availability/unavailable";

/**
 * The limits of a node's PostgreSQL connections. A request must get its answer, or a 503, within a few
 * seconds whatever the database does: a connection waited for, a lock waited on, a statement run, and
 * a server that stopped answering are each bounded.
 */
export const POSTGRES_LIMITS = {
  connections: 10,
  /** Waiting for a connection (a free one of the pool, or a new one) past this fails. */
  acquireMs: 2_500,
  /** A statement running past this is cancelled; a long maintenance statement lifts it for its transaction. */
  statementMs: 5_000,
  /** Waiting for a lock (a row another transaction writes, a table an ALTER holds) past this fails. */
  lockMs: 2_000,
  /** A transaction left idle this long (its node cut off midway) is ended by the server, its locks freed. */
  idleInTransactionMs: 10_000,
  /**
   * A query without an answer this long, while no other query got one either (a busy server still answers
   * some), has the server probed on a new connection…
   */
  stuckMs: 2_000,
  /** …which must connect and answer within this, or the server counts as unreachable. */
  probeMs: 2_000,
} as const;

const WATCH_EVERY_MS = 500;

// Neither JIT compilation nor parallel workers (PGlite has neither): every statement here is short, and a
// search's walk through the hours, planned for ten rounds, is estimated past the costs that start them:
// 470 ms of compiling for 2 of running, and at 10,000,000 visitors two workers started for each block of
// hours (8 ms a block, the statement 77 ms for 1 ms of reading). Then the time limits, for the server.
const SESSION_SETTINGS = [
  "jit=off",
  "max_parallel_workers_per_gather=0",
  `statement_timeout=${POSTGRES_LIMITS.statementMs}`,
  `lock_timeout=${POSTGRES_LIMITS.lockMs}`,
  `idle_in_transaction_session_timeout=${POSTGRES_LIMITS.idleInTransactionMs}`,
];

type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * node-postgres's pool, guarded: while the server is unreachable (it refused a connection, or a probe
 * found it silent) every checkout fails at once instead of queueing, and a probe every 500 ms finds it
 * back. A query left without an answer past `stuckMs` has the server probed; if it is silent (a cut
 * network: the query would wait for TCP's own timeouts, minutes), the query's connection is ended, so
 * its request answers 503 and the pool's connection is freed.
 */
export class GuardedPool extends pg.Pool {
  private readonly busy = new Map<pg.PoolClient, { queries: number; since: number }>();
  /** Each client's open transaction. */
  private readonly transactions = new WeakMap<pg.PoolClient, TransactionWatch>();
  private unreachable = false;
  private probing = false;
  /** When a query or connection last failed for the server (isUnavailable), ms. */
  private failedAt = 0;
  /** When the server last answered a query of the pool, ms. */
  private answeredAt = Date.now();
  private readonly watch: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    timeLimits: boolean,
  ) {
    super({
      connectionString: url,
      max: POSTGRES_LIMITS.connections,
      connectionTimeoutMillis: timeLimits ? POSTGRES_LIMITS.acquireMs : 0,
      keepAlive: true,
      options: SESSION_SETTINGS.slice(0, timeLimits ? undefined : 2)
        .map((setting) => `-c ${setting}`)
        .join(" "),
    });
    // An idle connection the server ended (a restart): the pool drops it; without a listener it would end the process.
    this.on("error", (error) => logUnavailable("PostgreSQL", error));
    this.on("connect", (client) => this.track(client));
    this.watch = setInterval(() => void this.check(), WATCH_EVERY_MS);
    this.watch.unref();
  }

  /** False while the server is known to be unreachable. */
  get reachable(): boolean {
    return !this.unreachable;
  }

  /** True when the server could not serve a query or a connection within the last `ms`. */
  failedWithin(ms: number): boolean {
    return this.unreachable || Date.now() - this.failedAt < ms;
  }

  connect(): Promise<pg.PoolClient>;
  connect(callback: Callback): void;
  connect(callback?: Callback): Promise<pg.PoolClient> | void {
    if (this.unreachable) {
      const error = new UnavailableError("The database is unreachable");
      if (!callback) return Promise.reject(error);
      return void process.nextTick(() => callback(error));
    }
    if (!callback) return super.connect().catch((error: Error) => this.failedToConnect(error));
    super.connect((error, client, done) => {
      if (error) this.failedToConnect(error).catch(() => undefined);
      callback(error, client, done);
    });
  }

  async end(): Promise<void> {
    clearInterval(this.watch);
    await super.end();
  }

  private async failedToConnect(error: Error): Promise<never> {
    this.failedAt = Date.now();
    // Refused, or ended as it starts or stops: find out now rather than at the next watch. (A connection
    // not made in time may be the pool's own wait: left to the watch.)
    if ((error as { code?: string }).code) void this.check(true);
    throw error;
  }

  /** Counts each client's queries in flight, and keeps a lost connection's error from ending the process. */
  private track(client: pg.PoolClient): void {
    client.on("error", () => undefined); // its query gets the error; the pool drops the client on release
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const settle = (error?: unknown) => {
      const entry = this.busy.get(client);
      if (entry && --entry.queries === 0) this.busy.delete(client);
      if (error && isUnavailable(error)) this.failedAt = Date.now();
      else this.answeredAt = Date.now();
    };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (commitsAbandoned(this.transactionOf(client), args[0])) {
        const refused = rollBackInstead(() => Promise.resolve(query("rollback")));
        const last = args.at(-1);
        if (typeof last !== "function") return refused;
        return void refused.catch((error: Error) => (last as (error: Error) => void)(error));
      }
      const entry = this.busy.get(client) ?? { queries: 0, since: Date.now() };
      entry.queries++;
      this.busy.set(client, entry);
      const last = args.at(-1);
      if (typeof last === "function") {
        args[args.length - 1] = (...results: unknown[]) => {
          settle(results[0]);
          (last as (...results: unknown[]) => void)(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(() => settle(), settle);
      else settle(); // a submittable query: not watched
      return result;
    };
  }

  private transactionOf(client: pg.PoolClient): TransactionWatch {
    let watch = this.transactions.get(client);
    if (!watch) this.transactions.set(client, (watch = {}));
    return watch;
  }

  /** Probes the server when it is unreachable, when a connection just failed, or when queries get no answer. */
  private async check(connectFailed = false): Promise<void> {
    const now = Date.now();
    const stuck = [...this.busy].filter(([, entry]) => now - entry.since > POSTGRES_LIMITS.stuckMs).map(([client]) => client);
    const silent = stuck.length > 0 && now - this.answeredAt > POSTGRES_LIMITS.stuckMs;
    if (this.probing || (!this.unreachable && !connectFailed && !silent)) return;
    this.probing = true;
    try {
      const answers = await this.probe();
      if (answers && this.unreachable) console.log("PostgreSQL answers again.");
      if (!answers && !this.unreachable) logUnavailable("PostgreSQL", new UnavailableError("The database is unreachable"), 0);
      if (!answers) this.failedAt = Date.now();
      this.unreachable = !answers;
      // Silent server: the queries waiting on it would wait for TCP's timeouts. End their connections.
      if (!answers) for (const client of stuck) (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
    } finally {
      this.probing = false;
    }
  }

  private async probe(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: POSTGRES_LIMITS.probeMs, query_timeout: POSTGRES_LIMITS.probeMs });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      void client.end().catch(() => undefined);
    }
  }
}

/** True when `db`'s PostgreSQL could not serve within the last `ms` (never, for PGlite). */
export function databaseFailedWithin(db: { $client: unknown }, ms: number): boolean {
  return db.$client instanceof GuardedPool && db.$client.failedWithin(ms);
}
