import { z } from "zod";
import { endpointGroup } from "../endpoint";
import { THIS_DOCUMENT } from "../openapi-document";
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
export const serviceAdminEndpoints = endpointGroup(
  { group: "service-admin", auth: "admin-key" },
  {
    getTeam: { route: "GET /service-admin/team", summary: "The caller's team settings", ok: { json: teamSettingsResponseSchema } },
    updateTeam: {
      route: "PATCH /service-admin/team",
      summary: "Change team settings",
      description: "Only the fields given change; answers the whole team.",
      body: teamSettingsUpdateSchema,
      ok: { json: teamSettingsResponseSchema },
    },
    listKeys: {
      route: "GET /service-admin/keys",
      summary: "The team's secret keys, revoked ones included (never their secrets)",
      ok: { json: apiKeyListResponseSchema },
    },
    createKey: {
      route: "POST /service-admin/keys",
      summary: "Create a secret key",
      description:
        "The answer is the only place the new key's secret ever appears. `scope` is `api` (the v1.3 endpoints, the default) or `admin` (this API too).",
      body: apiKeyCreateRequestSchema,
      ok: { json: apiKeyCreateResponseSchema },
    },
    revokeKey: {
      route: "DELETE /service-admin/keys/{keyId}",
      summary: "Revoke a secret key",
      description: "The key making the call cannot revoke itself (`key_in_use`).",
      params: keyParamsSchema,
      ok: { text: "ok" },
      errors: ["not_found", "key_in_use"],
    },
    getWebhookSecret: {
      route: "GET /service-admin/webhook-secret",
      summary: "The secret that signs the team's webhooks",
      ok: { json: webhookSecretResponseSchema },
    },
    rotateWebhookSecret: {
      route: "POST /service-admin/webhook-secret",
      summary: "A new webhook secret; the old one stops signing at once",
      ok: { json: webhookSecretResponseSchema },
    },
    getServiceDocument: { route: "GET /service-admin/openapi.json", ...THIS_DOCUMENT },
  },
);
