import "server-only";
import { cloudEndpoints as endpoints, sessionEndpoints } from "@/lib/contract/endpoints";
import type {
  Agent,
  OnpremTokenRequestInput,
  OnpremTokenResponse,
  ProxySessionRequestInput,
  ProxySessionResponse,
  Session,
  SessionFeedbackRequestInput,
  SessionUpdate,
  Usage,
  Visitor,
  WatchUrlRequestInput,
  WatchUrlResponse,
} from "@/lib/contract";
import { callEndpoint } from "./call";
import { clientHttp, invalidInput, type ClientOptions } from "./input";
import { withoutStatus, type WithoutStatus } from "./payload";

export interface CloudClientOptions extends ClientOptions {
  /** e.g. "https://api.example.com" — the /v1.3 segment is added by the client. */
  baseUrl: string;
  /** The secret REST key, sent as `X-Api-Key`. */
  apiKey: string;
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
  /**
   * Tandem's extension, GET /v1.3/sessions/{id}: one Session with its timeline. Another API answers 404
   * (not_found) as for an unknown session: callers find the session otherwise then.
   */
  getSession(id: string): Promise<Session>;
  /** Tandem's extension, PATCH /v1.3/sessions/{id}: the session's notes; answers the Session. */
  updateSession(id: string, update: SessionUpdate): Promise<Session>;
  /** Tandem's extension, POST /v1.3/sessions/{id}/feedback: an agent of the session rates it; answers the Session. */
  rateSession(id: string, body: SessionFeedbackRequestInput): Promise<Session>;
}

export function createCloudClient(options: CloudClientOptions): CloudClient {
  const http = clientHttp("createCloudClient", options, { header: "x-api-key", value: options.apiKey, name: "apiKey" });

  return {
    async getUsage() {
      return (await callEndpoint(http, endpoints.getUsage, {})).usage;
    },

    async listVisitors({ search, maxResults } = {}) {
      if (maxResults !== undefined && !(Number.isInteger(maxResults) && maxResults > 0)) {
        throw invalidInput("maxResults must be a positive integer");
      }
      const query = { search: search === "" ? undefined : search, max_results: maxResults };
      return (await callEndpoint(http, endpoints.listVisitors, { query })).visitors;
    },

    async getVisitor(id, { withHistory = false } = {}) {
      const query = { with_history: withHistory ? "true" : undefined };
      return (await callEndpoint(http, endpoints.getVisitor, { params: { visitor_id: id }, query })).visitor;
    },

    async createWatchUrl(id, body) {
      return withoutStatus(await callEndpoint(http, endpoints.createWatchUrl, { params: { visitor_id: id }, body }));
    },

    async stopSession(id) {
      await callEndpoint(http, endpoints.stopSession, { params: { visitor_id: id } });
    },

    async deleteVisitor(id) {
      await callEndpoint(http, endpoints.deleteVisitor, { params: { visitor_id: id } });
    },

    async purgeOfflineVisitors() {
      await callEndpoint(http, endpoints.purgeVisitors, { query: { all: "true" } });
    },

    async lookupAgent(by) {
      const email = typeof by?.email === "string" ? by.email.trim() : "";
      const externalId = typeof by?.externalId === "string" ? by.externalId.trim() : "";
      if ((email === "") === (externalId === "")) throw invalidInput("Look up an agent by exactly one of email or externalId");
      const query = email !== "" ? { email } : { external_id: externalId };
      return (await callEndpoint(http, endpoints.lookupAgent, { query })).agent;
    },

    async createProxySession(body = {}) {
      return withoutStatus(await callEndpoint(http, endpoints.createProxySession, { body }));
    },

    async createOnpremToken(body) {
      return withoutStatus(await callEndpoint(http, endpoints.createOnpremToken, { body }));
    },

    async getSession(id) {
      return (await callEndpoint(http, sessionEndpoints.getSession, { params: { session_id: id } })).session;
    },

    async updateSession(id, update) {
      return (await callEndpoint(http, sessionEndpoints.updateSession, { params: { session_id: id }, body: update })).session;
    },

    async rateSession(id, body) {
      return (await callEndpoint(http, sessionEndpoints.rateSession, { params: { session_id: id }, body })).session;
    },
  };
}
