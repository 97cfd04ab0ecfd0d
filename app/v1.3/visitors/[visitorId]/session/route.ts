import { apiRoute, okText } from "@/lib/service/http/api-route";
import { visitorParams } from "@/lib/service/http/params";
import { stopVisitorSession } from "@/lib/service/sessions/lifecycle";

export const DELETE = apiRoute({
  auth: "api-key",
  params: visitorParams,
  handler: async ({ db, team, params }) => {
    await stopVisitorSession(db, team.id, params.visitorId);
    return okText();
  },
});
