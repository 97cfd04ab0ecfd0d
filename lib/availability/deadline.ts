import { AsyncLocalStorage } from "node:async_hooks";
import { UnavailableError } from "./unavailable";

/**
 * How long a request's handling may take, from its arrival to its answer, whatever it waits for (a
 * connection of the database's pool, a lock, a silent server's probe, the CPU): past it, 503 with
 * Retry-After. Below the 5 s a client of the service is promised; the time the client takes to send its
 * body is its own, not counted.
 */
export const REQUEST_DEADLINE_MS = 4_000;

/** A request's deadline, seen by the work it runs (the database's transactions). */
export interface Deadline {
  /** When the request was answered 503 for it, ms; undefined while it has time or once it was answered in time. */
  expiredAt?: number;
}

const running = new AsyncLocalStorage<Deadline>();

/** The deadline of the request whose work is running now, if any. */
export const currentDeadline = (): Deadline | undefined => running.getStore();

/** What runs within a deadline may leave out of it what the client takes (reading its body). */
export interface DeadlineClock {
  notCounting<T>(wait: Promise<T>): Promise<T>;
}

/**
 * Runs a request's work within `ms`: its result if it comes in time, else an UnavailableError (the one
 * envelope's 503 with Retry-After) at the deadline. The work it abandons runs on to its end: each of its
 * writes is one statement or one transaction, and a transaction it has open then rolls back instead of
 * committing (both pools, commitsAbandoned): nothing is half written, and a request answered 503 leaves
 * at most a statement it had already sent (which its client's retry finds kept once).
 */
export function withinDeadline<T>(work: (clock: DeadlineClock) => Promise<T>, ms = REQUEST_DEADLINE_MS): Promise<T> {
  const deadline: Deadline = {};
  let due = Date.now() + ms;
  let uncounted = 0;
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer = setTimeout(
        () => {
          if (uncounted > 0 || Date.now() < due) return arm();
          deadline.expiredAt = Date.now();
          reject(new UnavailableError(`The request took longer than ${ms / 1000} s`));
        },
        Math.max(0, due - Date.now()),
      );
    };
    const clock: DeadlineClock = {
      notCounting: async (wait) => {
        const since = Date.now();
        uncounted++;
        try {
          return await wait;
        } finally {
          uncounted--;
          due += Date.now() - since;
        }
      },
    };
    arm();
    running
      .run(deadline, () => work(clock))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** One connection's open transaction, as the pools see it. */
export interface TransactionWatch {
  begunAt?: number;
}

/**
 * Given each statement sent on one connection, true for the COMMIT of a transaction begun before its
 * request's deadline passed: that request was answered 503, so the pool rolls it back instead.
 */
export function commitsAbandoned(watch: TransactionWatch, statement: unknown): boolean {
  const text = typeof statement === "string" ? statement : (statement as { text?: unknown } | undefined)?.text;
  if (typeof text !== "string") return false;
  if (/^\s*begin\b/i.test(text)) watch.begunAt = Date.now();
  if (!/^\s*commit\s*;?\s*$/i.test(text)) return false;
  const expiredAt = currentDeadline()?.expiredAt;
  return watch.begunAt !== undefined && expiredAt !== undefined && watch.begunAt <= expiredAt;
}

/** Sends ROLLBACK in place of the COMMIT, and fails it as unavailable. */
export async function rollBackInstead(rollback: () => Promise<unknown>): Promise<never> {
  await rollback().catch(() => undefined);
  throw new UnavailableError("The request's deadline passed: its transaction was rolled back");
}
