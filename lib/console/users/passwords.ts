import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { workerExecArgv } from "@/lib/worker-threads";

const COST = 11;

const WORKER = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/console/users/password-worker.mjs");

/**
 * Hashes waiting for a thread beyond these are refused at once: a burst of sign-ins waits its turn up to
 * here, and past it the server says so instead of queueing work it would finish minutes late.
 */
export const PASSWORD_QUEUE_LIMIT = 32;

/**
 * Hashes that forms anyone may submit (a reset link, the first admin) may have in the pool at once. The
 * rest of its threads and queue stays for sign-ins and signed-in users, however many such forms arrive.
 */
export const PUBLIC_FORM_LIMIT = 2;

/** What a public form says when its lane is full. */
export const PUBLIC_FORM_BUSY = "Too many requests right now. Try again in a moment.";

/** Whose work a hash is: `public` for a form anyone may submit, kept within PUBLIC_FORM_LIMIT. */
export type PasswordLane = "console" | "public";

export class PasswordsBusyError extends Error {
  constructor() {
    super("Sign-in is busy right now. Try again in a moment.");
    this.name = "PasswordsBusyError";
  }
}

// Next's bundle and the start-up code (tsx) each load this module: one pool serves the process.
const slot = Symbol.for("tandem.password-pool");
type Holder = { [slot]?: Piscina };

/** At most one core less than the machine has (at least one): the server's own thread keeps a core. */
function pool(): Piscina {
  const holder = globalThis as Holder;
  holder[slot] ??= new Piscina({
    filename: WORKER,
    execArgv: workerExecArgv(),
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    maxQueue: PASSWORD_QUEUE_LIMIT,
    idleTimeout: 60_000,
  });
  return holder[slot];
}

const publicSlot = Symbol.for("tandem.password-pool.public");
type Counter = { [publicSlot]?: number };

type Task = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

async function run<T>(task: Task, lane: PasswordLane = "console"): Promise<T> {
  const counter = globalThis as Counter;
  if (lane === "public") {
    if ((counter[publicSlot] ?? 0) >= PUBLIC_FORM_LIMIT) throw new PasswordsBusyError();
    counter[publicSlot] = (counter[publicSlot] ?? 0) + 1;
  }
  try {
    return (await pool().run(task)) as T;
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new PasswordsBusyError();
    throw error;
  } finally {
    if (lane === "public") counter[publicSlot]! -= 1;
  }
}

export function hashPassword(password: string, lane?: PasswordLane): Promise<string> {
  return run<string>({ op: "hash", password, cost: COST }, lane);
}

/** Passwords hashed or checked since the pool started (tests: whether a refusal came before any hashing). */
export const passwordTasksDone = (): number => (globalThis as Holder)[slot]?.completed ?? 0;

/** Checks a password off the server's thread; a full queue rejects with PasswordsBusyError. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return run<boolean>({ op: "compare", password, hash });
}

// Compared against when the email is unknown, so a miss costs as long as a hit (a cost-11 hash of a
// throwaway phrase, fixed so that loading this module costs nothing).
export const DUMMY_HASH = "$2b$11$IYYpC7BXOddlj3hJASkFmOzGy1IswaPk7ufmW9rVDqLhTxcCaOqgC";

/** Stops the pool's threads (tests, and a process that is done with passwords). */
export async function closePasswordPool(): Promise<void> {
  const holder = globalThis as Holder;
  const workers = holder[slot];
  delete holder[slot];
  await workers?.destroy();
}
