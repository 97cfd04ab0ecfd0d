import type { Credentials } from "./storage";

/** The service refused the visitor's credentials: forget them and register again. */
export class InvalidVisitorError extends Error {}

export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`Tandem: ${code} (${status})`);
  }
}

/** JSON POSTs to the service's /collect endpoints, authenticated by the visitor's headers. */
export function createTransport(baseUrl: string, credentials: () => Credentials | null) {
  return async function post<T = Record<string, unknown>>(path: string, body: unknown = {}): Promise<T> {
    const current = credentials();
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (current) {
      headers["x-visitor-id"] = current.visitorId;
      headers["x-visitor-token"] = current.token;
    }
    // No Referer: the page's full URL would otherwise reach the service's (and its proxies') logs.
    const response = await fetch(baseUrl + path, { method: "POST", headers, body: JSON.stringify(body), keepalive: false, referrerPolicy: "no-referrer" });
    const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
    // Unknown credentials, or a visitor deleted since: the script registers anew.
    if ((response.status === 401 && answer.error === "invalid_visitor_token") || (response.status === 404 && answer.error === "visitor_not_found")) {
      throw new InvalidVisitorError();
    }
    if (!response.ok) throw new RequestError(response.status, answer.error ?? "request_failed");
    return answer;
  };
}

export type Post = ReturnType<typeof createTransport>;
