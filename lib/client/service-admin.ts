import "server-only";
import { z } from "zod";
import {
  apiKeyCreateRequestSchema,
  apiKeyCreateResponseSchema,
  apiKeyListResponseSchema,
  okStatus,
  teamSettingsResponseSchema,
  teamSettingsUpdateSchema,
  type ApiKeySummary,
  type TeamSettings,
  type TeamSettingsUpdate,
} from "@/lib/contract";
import { request, type FetchLike, type HttpConfig } from "./http";
import { checkBaseUrl, checkSecret, checkTimeout, parseBody, pathId } from "./input";

const webhookSecretResponseSchema = z.object({ status: okStatus, secret: z.string().min(1) });

export interface ServiceAdminClientOptions {
  /** The embedded service's origin, e.g. "http://127.0.0.1:3000" — the client adds "/service-admin". */
  baseUrl: string;
  /** A secret key of the team, sent as `X-Api-Key`. */
  apiKey: string;
  /** Budget per call (retry included). Default 10 000 ms. */
  timeoutMs?: number;
  fetch?: FetchLike;
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
  /** POST /service-admin/keys — the answer is the only place the new key's secret ever appears. */
  createKey(name: string): Promise<NewApiKey>;
  /** DELETE /service-admin/keys/{id} — 409 key_in_use (kind "conflict") for the key making the call. */
  revokeKey(id: string): Promise<void>;
  /** GET /service-admin/webhook-secret */
  getWebhookSecret(): Promise<string>;
  /** POST /service-admin/webhook-secret — a new secret; the old one stops signing at once. */
  rotateWebhookSecret(): Promise<string>;
}

export function createServiceAdminClient(options: ServiceAdminClientOptions): ServiceAdminClient {
  const http: HttpConfig = {
    baseUrl: checkBaseUrl(options.baseUrl, "createServiceAdminClient") + "/service-admin",
    headers: { "x-api-key": checkSecret(options.apiKey, "createServiceAdminClient: apiKey") },
    timeoutMs: checkTimeout(options.timeoutMs, "createServiceAdminClient"),
    fetch: options.fetch,
  };

  return {
    async getTeam() {
      const res = await request(http, { method: "GET", path: "/team", response: teamSettingsResponseSchema });
      return res.team;
    },

    async updateTeam(update) {
      const res = await request(http, {
        method: "PATCH",
        path: "/team",
        body: parseBody(teamSettingsUpdateSchema, update),
        response: teamSettingsResponseSchema,
      });
      return res.team;
    },

    async listKeys() {
      const res = await request(http, { method: "GET", path: "/keys", response: apiKeyListResponseSchema });
      return res.keys;
    },

    async createKey(name) {
      const res = await request(http, {
        method: "POST",
        path: "/keys",
        body: parseBody(apiKeyCreateRequestSchema, { name }),
        response: apiKeyCreateResponseSchema,
      });
      return res.key;
    },

    async revokeKey(id) {
      await request(http, { method: "DELETE", path: `/keys/${pathId(id, "key id")}`, response: "ok" });
    },

    async getWebhookSecret() {
      const res = await request(http, { method: "GET", path: "/webhook-secret", response: webhookSecretResponseSchema });
      return res.secret;
    },

    async rotateWebhookSecret() {
      const res = await request(http, { method: "POST", path: "/webhook-secret", response: webhookSecretResponseSchema });
      return res.secret;
    },
  };
}
