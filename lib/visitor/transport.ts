import type { z } from "zod";
import { endpointUrl, type BodyArgs, type DeclarationOf } from "@/lib/contract/endpoint-url";
import type { collectRoutes } from "@/lib/contract/endpoints/collect-routes";
import type { Credentials } from "./storage";

/** The service refused the visitor's credentials: forget them and register again. */
export class InvalidVisitorError extends Error {}

/** The service refused a request: its code, and its message (which names a malformed field). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** When the service asked to be asked again (Retry-After), in seconds. */
    readonly retryAfterSeconds: number | null = null,
    /** The service's message (it names a refused field), shown instead of the bare code. */
    detail?: string,
  ) {
    super(`Tandem: ${detail ?? code} (${status})`);
  }
}

/** What the script POSTs JSON to: the endpoints of /collect but its stream. */
type CollectPost = Extract<(typeof collectRoutes)[keyof typeof collectRoutes], { method: "post" }>;

/** What it answers, as its declaration says. */
type AnswerTo<R extends CollectPost> = DeclarationOf<R>["ok"] extends { json: infer S extends z.ZodType } ? z.output<S> : never;

/**
 * JSON POSTs to the service's /collect endpoints, authenticated by the visitor's headers. The answer
 * is typed by the endpoint's declaration, not parsed: parsing would bring zod into the script.
 */
export function createTransport(baseUrl: string, credentials: () => Credentials | null) {
  return async function post<R extends CollectPost>(route: R, ...args: BodyArgs<R>): Promise<AnswerTo<R>> {
    const [body = {}] = args as unknown[];
    const current = credentials();
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (current) {
      headers["x-visitor-id"] = current.visitorId;
      headers["x-visitor-token"] = current.token;
    }
    // No Referer: the page's full URL would otherwise reach the service's (and its proxies') logs.
    const response = await fetch(endpointUrl<CollectPost>(route, baseUrl), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      keepalive: false,
      referrerPolicy: "no-referrer",
    });
    const answer = (await response.json().catch(() => ({}))) as AnswerTo<R> & { error?: string; message?: string };
    // Unknown credentials, or a visitor deleted since: the script registers anew.
    if ((response.status === 401 && answer.error === "invalid_visitor_token") || (response.status === 404 && answer.error === "visitor_not_found")) {
      throw new InvalidVisitorError();
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
      throw new RequestError(response.status, answer.error ?? "request_failed", Number.isFinite(retryAfter) ? retryAfter : null, answer.message);
    }
    return answer;
  };
}

export type Post = ReturnType<typeof createTransport>;
