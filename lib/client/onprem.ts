import "server-only";
import { onpremEndpoints as endpoints } from "@/lib/contract/endpoints";
import type { OnpremWatchUrlRequestInput, OnpremWatchUrlResponse, Visitor } from "@/lib/contract";
import { callEndpoint } from "./call";
import { clientHttp, type ClientOptions } from "./input";
import { withoutStatus, type WithoutStatus } from "./payload";

export interface OnpremClientOptions extends ClientOptions {
  /** The deployment's base endpoint, e.g. "https://cobrowse.internal" — the client adds "/api". */
  baseUrl: string;
  /** The deployment's REST_KEY, sent raw in `Authorization` (no "Bearer " prefix). */
  restKey: string;
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
  // The registry's paths start with the API's own /api.
  const http = clientHttp("createOnpremClient", options, { header: "authorization", value: options.restKey, name: "restKey" });

  return {
    async listLatestVisitors() {
      return (await callEndpoint(http, endpoints.listLatestVisitors, {})).visitors;
    },

    async searchVisitors(q) {
      return (await callEndpoint(http, endpoints.searchVisitors, { query: { q: q === "" ? undefined : q } })).visitors;
    },

    async getVisitor(id) {
      return (await callEndpoint(http, endpoints.getOnpremVisitor, { params: { visitor_id: id } })).visitor;
    },

    async createWatchUrl(id, body) {
      return withoutStatus(await callEndpoint(http, endpoints.createOnpremWatchUrl, { params: { visitor_id: id }, body }));
    },
  };
}
