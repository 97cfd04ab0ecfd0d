import { sessionEndpoints as endpoints } from "@/lib/contract/endpoints";
import type { Bind } from "../http/bind";
import { getSession, rateSessionAsAgent, updateSession } from "../sessions/session-resource";

/** Tandem's v1.3 extension: one session by its id. */
export function bindSessionEndpoints(bind: Bind): void {
  bind(endpoints.getSession, async ({ db, team, params }) => ({ session: await getSession(db, team, params.session_id) }));

  bind(endpoints.updateSession, async ({ db, team, params, body }) => ({ session: await updateSession(db, team, params.session_id, body) }));

  bind(endpoints.rateSession, async ({ db, team, params, body }) => ({ session: await rateSessionAsAgent(db, team, params.session_id, body) }));
}
