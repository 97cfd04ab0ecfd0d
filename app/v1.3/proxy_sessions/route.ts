import { proxySessionRequestSchema } from "@/lib/contract";
import { apiRoute } from "@/lib/service/http/api-route";
import { createProxySession } from "@/lib/service/proxy-sessions";

export const POST = apiRoute({
  auth: "api-key",
  body: proxySessionRequestSchema,
  handler: async ({ team, body }) => ({ status: "ok", ...(await createProxySession(team, body)) }),
});
