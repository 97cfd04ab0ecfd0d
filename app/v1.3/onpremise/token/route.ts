import { onpremTokenRequestSchema } from "@/lib/contract";
import { apiRoute } from "@/lib/service/http/api-route";
import { createOnpremToken } from "@/lib/service/onprem";

export const POST = apiRoute({
  auth: "api-key",
  body: onpremTokenRequestSchema,
  handler: async ({ team, body }) => ({ status: "ok", ...(await createOnpremToken(team, body)) }),
});
