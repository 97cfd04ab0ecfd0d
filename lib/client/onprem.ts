import "server-only";
import {
  listVisitorsResponseSchema,
  onpremWatchUrlRequestSchema,
  onpremWatchUrlResponseSchema,
  visitorResponseSchema,
  type OnpremWatchUrlRequestInput,
  type OnpremWatchUrlResponse,
  type Visitor,
} from "@/lib/contract";
import { request, type FetchLike, type HttpConfig } from "./http";
import { checkBaseUrl, checkSecret, checkTimeout, parseBody, pathId } from "./input";
import { withoutStatus, type WithoutStatus } from "./payload";

export interface OnpremClientOptions {
  /** The deployment's base endpoint, e.g. "https://cobrowse.internal" — the client adds "/api". */
  baseUrl: string;
  /** The deployment's REST_KEY, sent raw in `Authorization` (no "Bearer " prefix). */
  restKey: string;
  /** Budget per call (retry included). Default 10 000 ms. */
  timeoutMs?: number;
  fetch?: FetchLike;
}

/**
 * A typed client of an on-premise deployment's REST API. Same return style as the cloud client:
 * reads return the resource, link creation returns the body without `status`. Every failure is an ApiError.
 */
export interface OnpremClient {
  /** GET /api/visitors/list/latest — latest online Visitors (MongoDB deployments only). */
  listLatestVisitors(): Promise<Visitor[]>;
  /** GET /api/visitors/list/search?q= — an empty query lists the latest Visitors. */
  searchVisitors(q?: string): Promise<Visitor[]>;
  /** GET /api/visitors/{id} */
  getVisitor(id: string): Promise<Visitor>;
  /** POST /api/visitors/{id}/watch_url — body carries the licenseToken from the cloud's createOnpremToken. */
  createWatchUrl(id: string, body: OnpremWatchUrlRequestInput): Promise<WithoutStatus<OnpremWatchUrlResponse>>;
}

export function createOnpremClient(options: OnpremClientOptions): OnpremClient {
  const http: HttpConfig = {
    baseUrl: checkBaseUrl(options.baseUrl, "createOnpremClient") + "/api",
    headers: { authorization: checkSecret(options.restKey, "createOnpremClient: restKey") },
    timeoutMs: checkTimeout(options.timeoutMs, "createOnpremClient"),
    fetch: options.fetch,
  };

  return {
    async listLatestVisitors() {
      const res = await request(http, { method: "GET", path: "/visitors/list/latest", response: listVisitorsResponseSchema });
      return res.visitors;
    },

    async searchVisitors(q) {
      const res = await request(http, {
        method: "GET",
        path: "/visitors/list/search",
        query: { q: q === "" ? undefined : q },
        response: listVisitorsResponseSchema,
      });
      return res.visitors;
    },

    async getVisitor(id) {
      const res = await request(http, { method: "GET", path: `/visitors/${pathId(id)}`, response: visitorResponseSchema });
      return res.visitor;
    },

    async createWatchUrl(id, body) {
      const path = `/visitors/${pathId(id)}/watch_url`;
      const res = await request(http, {
        method: "POST",
        path,
        body: parseBody(onpremWatchUrlRequestSchema, body),
        response: onpremWatchUrlResponseSchema,
      });
      return withoutStatus(res);
    },
  };
}
