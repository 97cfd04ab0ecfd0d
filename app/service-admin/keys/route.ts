import { apiKeyCreateRequestSchema } from "@/lib/contract/team-settings";
import { apiRoute } from "@/lib/service/http/api-route";
import { createTeamApiKey, listApiKeys } from "@/lib/service/team-admin";

export const GET = apiRoute({
  auth: "api-key",
  handler: async ({ db, team }) => ({ status: "ok", keys: await listApiKeys(db, team.id) }),
});

export const POST = apiRoute({
  auth: "api-key",
  body: apiKeyCreateRequestSchema,
  handler: async ({ db, team, body }) => ({ status: "ok", key: await createTeamApiKey(db, team.id, body.name) }),
});
