import { endpoint } from "../endpoint";
import { sessionFeedbackRequestSchema, sessionIdParamsSchema, sessionResponseSchema, sessionUpdateSchema } from "../session";

/**
 * Tandem's extension of v1.3: one Session by its id (the spec reaches sessions only through an agent or a
 * visitor). Clients of another API must expect 404 here and do without (the console does).
 */
export const sessionEndpoints = {
  getSession: endpoint({
    id: "getSession",
    method: "get",
    path: "/v1.3/sessions/{session_id}",
    group: "v1.3",
    auth: "api-key",
    summary: "Retrieve a session, with its timeline",
    description: "Tandem's extension. The Session as an Agent lists it, plus `timeline`: what happened in it, oldest first.",
    params: sessionIdParamsSchema,
    ok: { json: sessionResponseSchema },
    errors: ["session_not_found"],
  }),
  updateSession: endpoint({
    id: "updateSession",
    method: "patch",
    path: "/v1.3/sessions/{session_id}",
    group: "v1.3",
    auth: "api-key",
    summary: "Change a session's notes",
    description: "Tandem's extension. The agents' notes (`agent_notes`), also long after the session ended; answers the Session.",
    params: sessionIdParamsSchema,
    body: sessionUpdateSchema,
    ok: { json: sessionResponseSchema },
    errors: ["session_not_found"],
  }),
  rateSession: endpoint({
    id: "rateSession",
    method: "post",
    path: "/v1.3/sessions/{session_id}/feedback",
    group: "v1.3",
    auth: "api-key",
    summary: 'An agent\'s answer to "How did this session go?"',
    description:
      "Tandem's extension: what the watch page asks at the end, given later. Once the session has ended, once per agent of the session (403 `permission_denied` for anyone else); answers the Session.",
    params: sessionIdParamsSchema,
    body: sessionFeedbackRequestSchema,
    ok: { json: sessionResponseSchema },
    errors: ["session_not_found", "permission_denied", "session_ongoing", "feedback_sent"],
  }),
};
