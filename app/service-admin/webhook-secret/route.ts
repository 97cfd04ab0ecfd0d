import { apiRoute } from "@/lib/service/http/api-route";
import { rotateWebhookSecret } from "@/lib/service/team-admin";

/** The secret that signs the team's webhooks, for receivers to verify them; POST rotates it. */
export const GET = apiRoute({
  auth: "api-key",
  handler: async ({ team }) => ({ status: "ok", secret: team.webhookSecret }),
});

export const POST = apiRoute({
  auth: "api-key",
  handler: async ({ db, team }) => ({ status: "ok", secret: await rotateWebhookSecret(db, team.id) }),
});
