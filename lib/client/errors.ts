import "server-only";

/**
 * What went wrong, in the terms the console acts on. Key UI decisions on `kind` (or `status`), never on
 * `code` alone: the envelope codes are partly assumed (see spec/compatibility-notes.md).
 *
 * - not_found         404 (and 410)
 * - payment_required  402 (subscription limit, proxy not enabled, on-prem session not authorized)
 * - conflict          409 (e.g. deleting an online Visitor)
 * - unauthorized      401 / 403 (bad or missing API key / REST_KEY)
 * - invalid_request   400 / 422 / any other 4xx, and request bodies or arguments rejected before sending
 * - rate_limited      429 (`retryAfterSeconds` from Retry-After when the server sent it)
 * - unavailable       5xx, network failure, timeout
 * - invalid_response  a 2xx body that does not match the contract, or an unexpected 1xx/3xx status
 */
export type ApiErrorKind =
  "not_found" | "payment_required" | "conflict" | "unauthorized" | "invalid_request" | "rate_limited" | "unavailable" | "invalid_response";

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status of the answer; 0 when no HTTP answer was received (network, timeout, local validation). */
  status: number;
  /** The envelope's `error` code when present, else a code derived from the status (see codeForStatus). */
  code: string;
  message: string;
  retryAfterSeconds?: number;
  /** "GET /v1.3/usage" — for logs; never contains credentials. */
  endpoint?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds?: number;
  readonly endpoint?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.endpoint !== undefined) this.endpoint = init.endpoint;
  }

  /** A plain object safe to return from a server action or log (no cause, no stack). */
  toJSON(): { name: "ApiError"; kind: ApiErrorKind; status: number; code: string; message: string; retryAfterSeconds?: number } {
    return {
      name: "ApiError",
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The kind of a non-2xx HTTP answer. */
export function kindForStatus(status: number): ApiErrorKind {
  if (status === 404 || status === 410) return "not_found";
  if (status === 402) return "payment_required";
  if (status === 409) return "conflict";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  if (status >= 400) return "invalid_request";
  return "invalid_response";
}

/** The code used when the error body carries no `error` string. */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
    case 422:
      return "invalid_request";
    case 401:
      return "unauthorized";
    case 402:
      return "payment_required";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 410:
      return "gone";
    case 429:
      return "rate_limited";
    case 503:
      return "service_unavailable";
  }
  if (status >= 500) return "server_error";
  if (status >= 400) return "http_" + status;
  return "unexpected_status";
}

const KIND_TEXT: Record<ApiErrorKind, string> = {
  not_found: "Not found",
  payment_required: "Not allowed by the account's subscription",
  conflict: "Conflicts with the current state",
  unauthorized: "The API rejected the credentials",
  invalid_request: "The API rejected the request",
  rate_limited: "Too many requests",
  unavailable: "The API is unavailable",
  invalid_response: "Unexpected answer from the API",
};

/** A default human-readable message for an HTTP error without a `message` in its body. */
export function defaultMessage(kind: ApiErrorKind, status: number, code: string): string {
  return `${KIND_TEXT[kind]} (HTTP ${status}, ${code})`;
}

/**
 * Retry-After as whole seconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // HTTP dates all start with a day name ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse alone is too lenient.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
