import { serviceAdminEndpoints as endpoints } from "@/lib/contract/endpoints";
import { openApiDocument } from "@/lib/contract/openapi";
import type { Bind } from "../http/bind";
import { publicBaseUrl } from "../core/signing";
import { createTeamApiKey, listApiKeys, revokeTeamApiKey, rotateWebhookSecret, toTeamSettings, updateTeamSettings } from "../teams/admin";

/** The embedded service's admin API: the caller's team settings, secret keys and webhook secret. */
export function bindServiceAdminEndpoints(bind: Bind): void {
  bind(endpoints.getTeam, ({ team }) => ({ team: toTeamSettings(team) }));

  bind(endpoints.updateTeam, async ({ db, team, body }) => ({ team: await updateTeamSettings(db, team.id, body) }));

  bind(endpoints.listKeys, async ({ db, team }) => ({ keys: await listApiKeys(db, team.id) }));

  bind(endpoints.createKey, async ({ db, team, body }) => ({ key: await createTeamApiKey(db, team.id, body.name, body.scope) }));

  bind(endpoints.revokeKey, async ({ db, team, keyId, params }) => {
    await revokeTeamApiKey(db, team.id, params.keyId, keyId);
  });

  bind(endpoints.getWebhookSecret, ({ team }) => ({ secret: team.webhookSecret }));

  bind(endpoints.rotateWebhookSecret, async ({ db, team }) => ({ secret: await rotateWebhookSecret(db, team.id) }));

  bind(endpoints.getServiceDocument, () => Response.json(openApiDocument("service", publicBaseUrl())));
}
