import "server-only";
import {
  agentLookupResponseSchema,
  listVisitorsResponseSchema,
  onpremTokenRequestSchema,
  onpremTokenResponseSchema,
  proxySessionRequestSchema,
  proxySessionResponseSchema,
  usageResponseSchema,
  visitorResponseSchema,
  watchUrlRequestSchema,
  watchUrlResponseSchema,
  type Agent,
  type OnpremTokenRequestInput,
  type OnpremTokenResponse,
  type ProxySessionRequestInput,
  type ProxySessionResponse,
  type Usage,
  type Visitor,
  type WatchUrlRequestInput,
  type WatchUrlResponse,
} from "@/lib/contract";
import { request, type FetchLike, type HttpConfig } from "./http";
import { checkBaseUrl, checkSecret, checkTimeout, invalidInput, parseBody, pathId } from "./input";
import { withoutStatus, type WithoutStatus } from "./payload";

export interface CloudClientOptions {
  /** e.g. "https://api.example.com" — the /v1.3 segment is added by the client. */
  baseUrl: string;
  /** The secret REST key, sent as `X-Api-Key`. */
  apiKey: string;
  /** Budget per call (retry included). Default 10 000 ms. */
  timeoutMs?: number;
  fetch?: FetchLike;
}

export type AgentLookup = { email: string; externalId?: never } | { externalId: string; email?: never };

/**
 * A typed client of a cloud v1.3 API (the hosted service or Tandem's embedded one).
 *
 * Return style: endpoints that read one resource return that resource (unwrapped from `{status, …}`);
 * endpoints that create a link or token return the response body without `status`, keeping the wire
 * (snake_case) field names of the contract; DELETE endpoints return nothing. Every failure is an ApiError.
 */
export interface CloudClient {
  /** GET /v1.3/usage */
  getUsage(): Promise<Usage>;
  /** GET /v1.3/list?search=&max_results= — an empty search lists the latest Visitors. */
  listVisitors(options?: { search?: string; maxResults?: number }): Promise<Visitor[]>;
  /** GET /v1.3/visitors/{id}[?with_history=true] */
  getVisitor(id: string, options?: { withHistory?: boolean }): Promise<Visitor>;
  /** POST /v1.3/visitors/{id}/watch_url — the link is short-lived: redirect to it, never store it. */
  createWatchUrl(id: string, body: WatchUrlRequestInput): Promise<WithoutStatus<WatchUrlResponse>>;
  /** DELETE /v1.3/visitors/{id}/session */
  stopSession(id: string): Promise<void>;
  /** DELETE /v1.3/visitors/{id} — 409 (conflict) while the Visitor is online. */
  deleteVisitor(id: string): Promise<void>;
  /** DELETE /v1.3/visitors?all=true — online Visitors are kept. */
  purgeOfflineVisitors(): Promise<void>;
  /** GET /v1.3/agents/lookup?email= | ?external_id= (exactly one). */
  lookupAgent(by: AgentLookup): Promise<Agent>;
  /** POST /v1.3/proxy_sessions */
  createProxySession(body?: ProxySessionRequestInput): Promise<WithoutStatus<ProxySessionResponse>>;
  /** POST /v1.3/onpremise/token — returns {authorized, token} (the answer may or may not carry `status`). */
  createOnpremToken(body: OnpremTokenRequestInput): Promise<WithoutStatus<OnpremTokenResponse>>;
}

export function createCloudClient(options: CloudClientOptions): CloudClient {
  const http: HttpConfig = {
    baseUrl: checkBaseUrl(options.baseUrl, "createCloudClient"),
    headers: { "x-api-key": checkSecret(options.apiKey, "createCloudClient: apiKey") },
    timeoutMs: checkTimeout(options.timeoutMs, "createCloudClient"),
    fetch: options.fetch,
  };

  return {
    async getUsage() {
      const res = await request(http, { method: "GET", path: "/v1.3/usage", response: usageResponseSchema });
      return res.usage;
    },

    async listVisitors({ search, maxResults } = {}) {
      if (maxResults !== undefined && !(Number.isInteger(maxResults) && maxResults > 0)) {
        throw invalidInput("maxResults must be a positive integer");
      }
      const res = await request(http, {
        method: "GET",
        path: "/v1.3/list",
        query: { search: search === "" ? undefined : search, max_results: maxResults },
        response: listVisitorsResponseSchema,
      });
      return res.visitors;
    },

    async getVisitor(id, { withHistory = false } = {}) {
      const res = await request(http, {
        method: "GET",
        path: `/v1.3/visitors/${pathId(id)}`,
        query: { with_history: withHistory ? "true" : undefined },
        response: visitorResponseSchema,
      });
      return res.visitor;
    },

    async createWatchUrl(id, body) {
      const path = `/v1.3/visitors/${pathId(id)}/watch_url`;
      const res = await request(http, { method: "POST", path, body: parseBody(watchUrlRequestSchema, body), response: watchUrlResponseSchema });
      return withoutStatus(res);
    },

    async stopSession(id) {
      await request(http, { method: "DELETE", path: `/v1.3/visitors/${pathId(id)}/session`, response: "ok" });
    },

    async deleteVisitor(id) {
      await request(http, { method: "DELETE", path: `/v1.3/visitors/${pathId(id)}`, response: "ok" });
    },

    async purgeOfflineVisitors() {
      await request(http, { method: "DELETE", path: "/v1.3/visitors", query: { all: "true" }, response: "ok" });
    },

    async lookupAgent(by) {
      const email = typeof by?.email === "string" ? by.email.trim() : "";
      const externalId = typeof by?.externalId === "string" ? by.externalId.trim() : "";
      if ((email === "") === (externalId === "")) throw invalidInput("Look up an agent by exactly one of email or externalId");
      const res = await request(http, {
        method: "GET",
        path: "/v1.3/agents/lookup",
        query: email !== "" ? { email } : { external_id: externalId },
        response: agentLookupResponseSchema,
      });
      return res.agent;
    },

    async createProxySession(body = {}) {
      const res = await request(http, {
        method: "POST",
        path: "/v1.3/proxy_sessions",
        body: parseBody(proxySessionRequestSchema, body),
        response: proxySessionResponseSchema,
      });
      return withoutStatus(res);
    },

    async createOnpremToken(body) {
      const res = await request(http, {
        method: "POST",
        path: "/v1.3/onpremise/token",
        body: parseBody(onpremTokenRequestSchema, body),
        response: onpremTokenResponseSchema,
      });
      return withoutStatus(res);
    },
  };
}
