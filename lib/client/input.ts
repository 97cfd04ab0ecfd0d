import "server-only";
import type { z } from "zod";
import { formatZodIssue } from "@/lib/contract";
import { ApiError } from "./errors";
import type { FetchLike, HttpConfig } from "./http";

/**
 * Checks caller input before anything is sent. Every failure is an ApiError of kind "invalid_request"
 * with status 0 (no HTTP answer was involved) and code "invalid_request".
 */
export function invalidInput(message: string, cause?: unknown): ApiError {
  return new ApiError({ kind: "invalid_request", status: 0, code: "invalid_request", message, cause });
}

/** Validates a request body with its contract schema; returns the parsed output (defaults applied). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(`Invalid request body: ${formatZodIssue(parsed.error)}`, parsed.error);
  return parsed.data;
}

/**
 * One path segment from an id: must be a non-empty string, and not "." or ".." (which URL parsing would
 * collapse into another path, e.g. DELETE /visitors/.. → DELETE /), then percent-encoded.
 */
export function pathId(id: unknown, name = "visitor id"): string {
  if (typeof id !== "string" || id.trim() === "") throw invalidInput(`The ${name} must be a non-empty string`);
  if (id === "." || id === "..") throw invalidInput(`The ${name} "${id}" is not valid`);
  return encodeURIComponent(id);
}

/** The base URL of a client, checked once when the client is created (a configuration error, not an ApiError). */
export function checkBaseUrl(baseUrl: string, what: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`${what}: baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`${what}: baseUrl must use http or https`);
  if (url.username || url.password) throw new TypeError(`${what}: baseUrl must not contain credentials`);
  if (url.search || url.hash) throw new TypeError(`${what}: baseUrl must not have a query or fragment`);
  return baseUrl.replace(/\/+$/, "");
}

export function checkSecret(value: unknown, what: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new TypeError(`${what} must be a non-empty string`);
  if (/[\r\n]/.test(value)) throw new TypeError(`${what} must be a single line`);
  return value;
}

export function checkTimeout(value: number | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${what}: timeoutMs must be a positive number`);
  return value;
}

/** What every client is given besides its secret. */
export interface ClientOptions {
  baseUrl: string;
  /** Budget per call (retry included). Default 10 000 ms. */
  timeoutMs?: number;
  fetch?: FetchLike;
}

/**
 * A client's HTTP settings from its options, checked once when it is created (errors name `client`), its
 * secret sent in `secret.header`.
 */
export function clientHttp(client: string, options: ClientOptions, secret: { header: string; value: unknown; name: string }): HttpConfig {
  return {
    baseUrl: checkBaseUrl(options.baseUrl, client),
    headers: { [secret.header]: checkSecret(secret.value, `${client}: ${secret.name}`) },
    timeoutMs: checkTimeout(options.timeoutMs, client),
    fetch: options.fetch,
  };
}
