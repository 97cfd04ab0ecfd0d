import { apiRoute } from "@/lib/service/http/api-route";
import { computeUsage } from "@/lib/service/usage";

export const GET = apiRoute({
  auth: "api-key",
  handler: async ({ db, team }) => ({ status: "ok", usage: await computeUsage(db, team.id) }),
});
