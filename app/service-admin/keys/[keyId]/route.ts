import { z } from "zod";
import { apiRoute, okText } from "@/lib/service/http/api-route";
import { revokeTeamApiKey } from "@/lib/service/team-admin";

export const DELETE = apiRoute({
  auth: "api-key",
  params: z.object({ keyId: z.string().min(1).max(64) }),
  handler: async ({ db, team, keyId, params }) => {
    await revokeTeamApiKey(db, team.id, params.keyId, keyId!);
    return okText();
  },
});
