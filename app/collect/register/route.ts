import { apiRoute } from "@/lib/service/http/api-route";
import { clientInfo, COLLECT_CORS_HEADERS, collectPreflight, publicKeyAuth, registerRequestSchema, registerVisitor } from "@/lib/service/visitors-ingest";

export const POST = apiRoute({
  auth: publicKeyAuth,
  body: registerRequestSchema,
  headers: COLLECT_CORS_HEADERS,
  handler: async ({ request, db, team, body }) => ({ status: "ok", ...(await registerVisitor(db, team, body, clientInfo(request))) }),
});

export const OPTIONS = collectPreflight;
