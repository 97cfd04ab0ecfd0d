/**
 * When PostgreSQL or Redis cannot serve (stopped, restarting, unreachable, a lock held too long), a
 * request that needs them is refused at once with 503 and Retry-After, never answered 500 nor left
 * waiting: clients (the visitor script, the watch page, API callers) ask again after it.
 */

/** What a refused client waits before asking again, in seconds. */
export const RETRY_AFTER_SECONDS = 2;

/** A backend that is known to be unavailable right now, raised without trying it. */
export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnavailableError";
  }
}

// PostgreSQL's SQLSTATEs of a server that cannot serve now: its connection failed (class 08), it stops or
// starts (57P01–57P03), it is out of connections or resources (53), a statement or lock waited past its
// limit (57014, 55P03), an idle transaction was ended (25P03), a deadlock or serialization failure (40P01, 40001).
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53000", "53100", "53200", "53300", "57014", "55P03", "25P03", "40P01", "40001"]);
// The socket's own failures.
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);
// node-postgres and ioredis say so in words only.
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Connection is closed/,
  /^Command timed out/,
  /^Stream isn't writeable/,
  /^LOADING /,
  /^The database is unreachable/,
];

/** True when the error (or one it wraps, as drizzle's query errors do) says a backend cannot serve now. */
export function isUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== "object") return false;
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === "string" && (POSTGRES_CODES.has(code) || code.startsWith("08") || SOCKET_CODES.has(code))) return true;
    // By name, not by class: Next's bundle has its own copy of this module, and the process's one relay,
    // pool or breaker may have been made by either copy.
    if (name === "UnavailableError" || name === "MaxRetriesPerRequestError") return true;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** Logs a backend's unavailability once a while, not once per refused request. */
export function logUnavailable(what: string, error: unknown, everyMs = 10_000): void {
  const now = Date.now();
  if ((lastLogged.get(what) ?? 0) > now - everyMs) return;
  lastLogged.set(what, now);
  console.error(`${what}: ${error instanceof Error ? error.message : String(error)} (answering 503 until it is back)`);
}
const lastLogged = new Map<string, number>();

/** Logs a failure of background work: a backend's unavailability once a while, anything else each time. */
export function logFailure(what: string, error: unknown): void {
  if (isUnavailable(error)) logUnavailable(what, error);
  else console.error(`${what}:`, error);
}
