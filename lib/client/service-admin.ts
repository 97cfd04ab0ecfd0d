import "server-only";
import { serviceAdminEndpoints as endpoints } from "@/lib/contract/endpoints";
import type { ApiKeyScope, ApiKeySummary, TeamSettings, TeamSettingsUpdate } from "@/lib/contract";
import { callEndpoint } from "./call";
import { clientHttp, type ClientOptions } from "./input";

export interface ServiceAdminClientOptions extends ClientOptions {
  /** The embedded service's origin, e.g. "http://127.0.0.1:3000" — the client adds "/service-admin". */
  baseUrl: string;
  /** A secret key of the team, sent as `X-Api-Key`. */
  apiKey: string;
}

export type NewApiKey = ApiKeySummary & { secret: string };

/**
 * A typed client of the embedded service's admin API (Tandem only; hosted and on-premise APIs have no
 * equivalent). Every failure is an ApiError, as with the other clients.
 */
export interface ServiceAdminClient {
  /** GET /service-admin/team */
  getTeam(): Promise<TeamSettings>;
  /** PATCH /service-admin/team — only the fields given change; answers the whole team. */
  updateTeam(update: TeamSettingsUpdate): Promise<TeamSettings>;
  /** GET /service-admin/keys — every key, revoked ones included; never their secrets. */
  listKeys(): Promise<ApiKeySummary[]>;
  /**
   * POST /service-admin/keys — the answer is the only place the new key's secret ever appears. `api`
   * (default) reaches the v1.3 endpoints; `admin` also this admin API.
   */
  createKey(name: string, scope?: ApiKeyScope): Promise<NewApiKey>;
  /** DELETE /service-admin/keys/{id} — 409 key_in_use (kind "conflict") for the key making the call. */
  revokeKey(id: string): Promise<void>;
  /** GET /service-admin/webhook-secret */
  getWebhookSecret(): Promise<string>;
  /** POST /service-admin/webhook-secret — a new secret; the old one stops signing at once. */
  rotateWebhookSecret(): Promise<string>;
}

export function createServiceAdminClient(options: ServiceAdminClientOptions): ServiceAdminClient {
  // The registry's paths start with /service-admin.
  const http = clientHttp("createServiceAdminClient", options, { header: "x-api-key", value: options.apiKey, name: "apiKey" });

  return {
    async getTeam() {
      return (await callEndpoint(http, endpoints.getTeam, {})).team;
    },

    async updateTeam(update) {
      return (await callEndpoint(http, endpoints.updateTeam, { body: update })).team;
    },

    async listKeys() {
      return (await callEndpoint(http, endpoints.listKeys, {})).keys;
    },

    async createKey(name, scope = "api") {
      return (await callEndpoint(http, endpoints.createKey, { body: { name, scope } })).key;
    },

    async revokeKey(id) {
      await callEndpoint(http, endpoints.revokeKey, { params: { keyId: id } });
    },

    async getWebhookSecret() {
      return (await callEndpoint(http, endpoints.getWebhookSecret, {})).secret;
    },

    async rotateWebhookSecret() {
      return (await callEndpoint(http, endpoints.rotateWebhookSecret, {})).secret;
    },
  };
}
