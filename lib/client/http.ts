import "server-only";
import type { z } from "zod";
import { errorEnvelopeSchema, formatZodIssue } from "@/lib/contract";
import { ApiError, codeForStatus, defaultMessage, kindForStatus, parseRetryAfter } from "./errors";

export const DEFAULT_TIMEOUT_MS = 10_000;

export type FetchLike = typeof fetch;

/** Where and how to reach one API. Built by the client factories; credentials live only in `headers`. */
export interface HttpConfig {
  /** Absolute http(s) URL; paths are appended to it verbatim (a path prefix in it is kept). */
  baseUrl: string;
  headers: Record<string, string>;
  /** Budget for the whole call, retry included. Default 10 000 ms. */
  timeoutMs?: number;
  fetch?: FetchLike;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

interface RequestBase {
  method: HttpMethod;
  /** Starts with "/"; path segments taken from input must already be encoded (see pathId). */
  path: string;
  /** Entries whose value is undefined or null are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON when not undefined. Validate it before (see parseBody). */
  body?: unknown;
}

export interface JsonRequest<S extends z.ZodType> extends RequestBase {
  /** The success body must match this schema; its parsed output is returned. */
  response: S;
}

export interface OkRequest extends RequestBase {
  /** The success body is the plain text `ok` (also accepted: `"ok"`, `{"status":"ok"}`, or an empty 204). */
  response: "ok";
}

/**
 * Sends one request and returns the parsed success body, or throws ApiError.
 *
 * - Timeout: `timeoutMs` bounds the whole call (both attempts, body included) → kind "unavailable", code "timeout".
 * - Retry: a GET whose connection fails (refused, reset, closed before the full answer) is sent once more.
 *   Nothing else is retried: not HTTP errors, not timeouts, never a POST or DELETE.
 * - Redirects are not followed (`redirect: "manual"`), so credentials never travel to another origin;
 *   a 3xx answer is an "invalid_response" error.
 * - Non-2xx answers map to ApiError from the envelope `{"status":"error","error":code,"message"?}`;
 *   any other body (HTML, plain text, empty) is tolerated and the code is derived from the status.
 */
export function request<S extends z.ZodType>(config: HttpConfig, spec: JsonRequest<S>): Promise<z.output<S>>;
export function request(config: HttpConfig, spec: OkRequest): Promise<void>;
export async function request(config: HttpConfig, spec: JsonRequest<z.ZodType> | OkRequest): Promise<unknown> {
  const endpoint = `${spec.method} ${spec.path}`;
  const { response, text } = await send(config, spec, endpoint);

  if (response.status >= 200 && response.status < 300) {
    if (spec.response === "ok") {
      if (isOkBody(response.status, text)) return undefined;
      throw invalidResponse(endpoint, response.status, `expected the body "ok", got ${preview(text)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalidResponse(endpoint, response.status, `the body is not JSON: ${preview(text)}`);
    }
    const parsed = spec.response.safeParse(json);
    if (!parsed.success) throw invalidResponse(endpoint, response.status, formatZodIssue(parsed.error), parsed.error);
    return parsed.data;
  }

  throw errorFromResponse(endpoint, response, text);
}

/** The absolute URL of a request: base (trailing slashes dropped) + path + encoded query. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, "");
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return base + path + (pairs.length > 0 ? "?" + pairs.join("&") : "");
}

async function send(config: HttpConfig, spec: RequestBase, endpoint: string): Promise<{ response: Response; text: string }> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const url = buildUrl(config.baseUrl, spec.path, spec.query);
  const headers: Record<string, string> = { accept: "application/json", ...config.headers };
  let body: string | undefined;
  if (spec.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(spec.body);
  }
  const doFetch = config.fetch ?? globalThis.fetch;
  const attempts = spec.method === "GET" ? 2 : 1;

  for (let attempt = 1; ; attempt++) {
    try {
      const response = await doFetch(url, { method: spec.method, headers, body, signal, redirect: "manual", cache: "no-store" });
      const text = await response.text();
      return { response, text };
    } catch (error) {
      if (signal.aborted) {
        throw new ApiError({
          kind: "unavailable",
          status: 0,
          code: "timeout",
          message: `No answer from the API within ${timeoutMs} ms (${endpoint})`,
          endpoint,
          cause: error,
        });
      }
      if (attempt < attempts) continue;
      throw new ApiError({
        kind: "unavailable",
        status: 0,
        code: "network_error",
        message: `Could not reach the API at ${originOf(config.baseUrl)} (${endpoint}): ${describeNetworkError(error)}`,
        endpoint,
        cause: error,
      });
    }
  }
}

function errorFromResponse(endpoint: string, response: Response, text: string): ApiError {
  const status = response.status;
  const kind = kindForStatus(status);
  const envelope = readEnvelope(text);
  const code = envelope.code ?? codeForStatus(status);
  let message = envelope.message ?? defaultMessage(kind, status, code);
  if (status >= 300 && status < 400) {
    const location = response.headers.get("location");
    message = `Unexpected redirect (HTTP ${status})${location ? ` to ${location}` : ""} from ${endpoint}; check the API base URL`;
  }
  return new ApiError({
    kind,
    status,
    code,
    message,
    endpoint,
    retryAfterSeconds: status === 429 || status === 503 ? parseRetryAfter(response.headers.get("retry-after")) : undefined,
  });
}

/**
 * Reads the contract's envelope `{"status":"error","error":code,"message"?}`; also a bare `{"error": code}` or
 * `{"error": {"code", "message"}}` from proxies or other servers; anything else yields nothing.
 */
function readEnvelope(text: string): { code?: string; message?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  const envelope = errorEnvelopeSchema.safeParse(value);
  if (envelope.success) {
    const message = envelope.data.message?.trim() ? envelope.data.message : undefined;
    return { code: envelope.data.error, message };
  }
  if (typeof value !== "object" || value === null) return {};
  const record = value as Record<string, unknown>;
  const nested = typeof record.error === "object" && record.error !== null ? (record.error as Record<string, unknown>) : undefined;
  const code = typeof record.error === "string" ? record.error : typeof nested?.code === "string" ? nested.code : undefined;
  const message =
    typeof record.message === "string" && record.message.trim() !== ""
      ? record.message
      : typeof nested?.message === "string" && nested.message.trim() !== ""
        ? nested.message
        : undefined;
  return { code: code && code.trim() !== "" ? code : undefined, message };
}

function isOkBody(status: number, text: string): boolean {
  const body = text.trim();
  if (body === "") return status === 204;
  if (body === "ok") return true;
  try {
    const value: unknown = JSON.parse(body);
    if (value === "ok") return true;
    return typeof value === "object" && value !== null && (value as Record<string, unknown>).status === "ok";
  } catch {
    return false;
  }
}

function invalidResponse(endpoint: string, status: number, detail: string, cause?: unknown): ApiError {
  return new ApiError({
    kind: "invalid_response",
    status,
    code: "invalid_response",
    message: `Unexpected answer from ${endpoint}: ${detail}`,
    endpoint,
    cause,
  });
}

function preview(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "an empty body";
  return JSON.stringify(trimmed.length > 80 ? trimmed.slice(0, 80) + "…" : trimmed);
}

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return "(invalid base URL)";
  }
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
