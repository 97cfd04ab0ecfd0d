import { z } from "zod";
import { lookupAgentByQuery } from "@/lib/service/agents";
import { apiRoute } from "@/lib/service/http/api-route";

export const GET = apiRoute({
  auth: "api-key",
  query: z.record(z.string(), z.string()),
  handler: async ({ db, team, query }) => ({ status: "ok", agent: await lookupAgentByQuery(db, team, query) }),
});
