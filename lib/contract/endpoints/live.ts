import { endpoint } from "../endpoint";
import { liveRoutes } from "./live-routes";
import { agentMessageSchema, controlMessageSchema, recordingEventsResponseSchema, sessionParamsSchema, watchSessionResponseSchema } from "../live";
import { okResponseSchema } from "../visitor-protocol";

/** The agent's side of a live session: the watch page's stream and tools, and recordings' replay. */
export const liveEndpoints = {
  openViewerStream: endpoint({
    id: "openViewerStream",
    ...liveRoutes.openViewerStream,
    group: "live",
    auth: "viewer",
    summary: "The watch page's live stream",
    description: "The visitor's page (latest snapshot, then every change), the session's status, and fresh viewer tokens.",
    params: sessionParamsSchema,
    ok: { events: agentMessageSchema },
    errors: ["not_found", "draining"],
  }),
  describeWatchSession: endpoint({
    id: "describeWatchSession",
    ...liveRoutes.describeWatchSession,
    group: "live",
    auth: "viewer",
    summary: "The session as the watch page shows it",
    description: "What a reloaded watch page needs: status, agents, the tools the link allows, branding, and a fresh viewer token.",
    params: sessionParamsSchema,
    ok: { json: watchSessionResponseSchema },
    errors: ["not_found"],
  }),
  useTool: endpoint({
    id: "useTool",
    ...liveRoutes.useTool,
    group: "live",
    auth: "viewer",
    summary: "One use of an agent's tool on the visitor's page",
    params: sessionParamsSchema,
    body: controlMessageSchema,
    ok: { json: okResponseSchema },
    errors: ["not_found", "session_ended", "permission_denied"],
  }),
  endByAgent: endpoint({
    id: "endByAgent",
    ...liveRoutes.endByAgent,
    group: "live",
    auth: "viewer",
    summary: "The agent ends the session",
    params: sessionParamsSchema,
    ok: { json: okResponseSchema },
    errors: ["not_found"],
  }),
  requestSnapshot: endpoint({
    id: "requestSnapshot",
    ...liveRoutes.requestSnapshot,
    group: "live",
    auth: "viewer",
    summary: "Ask the visitor's page for a fresh full snapshot",
    params: sessionParamsSchema,
    ok: { json: okResponseSchema },
    errors: ["not_found", "session_ended"],
  }),
  getRecordingEvents: endpoint({
    id: "getRecordingEvents",
    ...liveRoutes.getRecordingEvents,
    group: "live",
    auth: "recording-link",
    summary: "The recorded events of an ended session, for its replay",
    description:
      "The recording link's token as `Authorization: Bearer …`, never in the address. An expired link, a session still going on and a deleted visitor's recording answer 404.",
    ok: { json: recordingEventsResponseSchema },
  }),
};
