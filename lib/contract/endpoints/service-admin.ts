import { z } from "zod";
import { endpoint } from "../endpoint";
import { openApiDocumentSchema } from "../openapi-document";
import {
  apiKeyCreateRequestSchema,
  apiKeyCreateResponseSchema,
  apiKeyListResponseSchema,
  teamSettingsResponseSchema,
  teamSettingsUpdateSchema,
  webhookSecretResponseSchema,
} from "../team-settings";

const keyParamsSchema = z.object({ keyId: z.string().min(1).max(64).describe("The key's id") });

/**
 * Tandem's own admin API of the embedded service (outside the v1.3 paths): a team's settings and keys.
 * Only keys with the `admin` scope reach it; an `api` key is refused with 403 permission_denied.
 */
export const serviceAdminEndpoints = {
  getTeam: endpoint({
    id: "getTeam",
    method: "get",
    path: "/service-admin/team",
    group: "service-admin",
    auth: "admin-key",
    summary: "The caller's team settings",
    ok: { json: teamSettingsResponseSchema },
  }),
  updateTeam: endpoint({
    id: "updateTeam",
    method: "patch",
    path: "/service-admin/team",
    group: "service-admin",
    auth: "admin-key",
    summary: "Change team settings",
    description: "Only the fields given change; answers the whole team.",
    body: teamSettingsUpdateSchema,
    ok: { json: teamSettingsResponseSchema },
  }),
  listKeys: endpoint({
    id: "listKeys",
    method: "get",
    path: "/service-admin/keys",
    group: "service-admin",
    auth: "admin-key",
    summary: "The team's secret keys, revoked ones included (never their secrets)",
    ok: { json: apiKeyListResponseSchema },
  }),
  createKey: endpoint({
    id: "createKey",
    method: "post",
    path: "/service-admin/keys",
    group: "service-admin",
    auth: "admin-key",
    summary: "Create a secret key",
    description:
      "The answer is the only place the new key's secret ever appears. `scope` is `api` (the v1.3 endpoints, the default) or `admin` (this API too).",
    body: apiKeyCreateRequestSchema,
    ok: { json: apiKeyCreateResponseSchema },
  }),
  revokeKey: endpoint({
    id: "revokeKey",
    method: "delete",
    path: "/service-admin/keys/{keyId}",
    group: "service-admin",
    auth: "admin-key",
    summary: "Revoke a secret key",
    description: "The key making the call cannot revoke itself (`key_in_use`).",
    params: keyParamsSchema,
    ok: { text: "ok" },
    errors: ["not_found", "key_in_use"],
  }),
  getWebhookSecret: endpoint({
    id: "getWebhookSecret",
    method: "get",
    path: "/service-admin/webhook-secret",
    group: "service-admin",
    auth: "admin-key",
    summary: "The secret that signs the team's webhooks",
    ok: { json: webhookSecretResponseSchema },
  }),
  rotateWebhookSecret: endpoint({
    id: "rotateWebhookSecret",
    method: "post",
    path: "/service-admin/webhook-secret",
    group: "service-admin",
    auth: "admin-key",
    summary: "A new webhook secret; the old one stops signing at once",
    ok: { json: webhookSecretResponseSchema },
  }),
  getServiceDocument: endpoint({
    id: "getServiceDocument",
    method: "get",
    path: "/service-admin/openapi.json",
    group: "service-admin",
    auth: "none",
    summary: "This document",
    ok: { json: openApiDocumentSchema },
  }),
};
