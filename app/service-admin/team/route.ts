import { teamSettingsUpdateSchema } from "@/lib/contract/team-settings";
import { apiRoute } from "@/lib/service/http/api-route";
import { toTeamSettings, updateTeamSettings } from "@/lib/service/team-admin";

/** The embedded service's admin API: the caller's team settings. */
export const GET = apiRoute({
  auth: "api-key",
  handler: async ({ team }) => ({ status: "ok", team: toTeamSettings(team) }),
});

export const PATCH = apiRoute({
  auth: "api-key",
  body: teamSettingsUpdateSchema,
  handler: async ({ db, team, body }) => ({ status: "ok", team: await updateTeamSettings(db, team.id, body) }),
});
