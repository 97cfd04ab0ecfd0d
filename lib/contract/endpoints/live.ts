import { endpointGroup } from "../endpoint";
import { liveRoutes } from "./live-routes";
import {
  agentMessageSchema,
  agentNotesRequestSchema,
  controlMessageSchema,
  feedbackAnswerSchema,
  recordingEventsResponseSchema,
  sessionParamsSchema,
  watchSessionResponseSchema,
} from "../live";
import { okResponseSchema } from "../visitor-protocol";
import { redeemViewerTokenRequestSchema } from "../viewer-token";
import { agentCallRequestSchema, agentCallResponseSchema, CALL_ERRORS, CALL_MESSAGE_MAX_BYTES } from "../call";

/** The agent's side of a live session: the watch page's stream and tools, and recordings' replay. */
export const liveEndpoints = endpointGroup(
  { group: "live", auth: "viewer", routes: liveRoutes, ok: { json: okResponseSchema } },
  {
    openViewerStream: {
      summary: "The watch page's live stream",
      description: "The visitor's page (latest snapshot, then every change), the session's status, and fresh viewer tokens.",
      params: sessionParamsSchema,
      ok: { events: agentMessageSchema },
      errors: ["not_found", "draining"],
    },
    describeWatchSession: {
      summary: "The session as the watch page shows it",
      description: "What a reloaded watch page needs: status, agents, the tools the link allows, branding, and a fresh viewer token.",
      params: sessionParamsSchema,
      ok: { json: watchSessionResponseSchema },
      errors: ["not_found"],
    },
    useTool: {
      summary: "One use of an agent's tool on the visitor's page",
      params: sessionParamsSchema,
      body: controlMessageSchema,
      errors: ["not_found", "session_ended", "permission_denied"],
    },
    endByAgent: { summary: "The agent ends the session", params: sessionParamsSchema, errors: ["not_found"] },
    requestSnapshot: { summary: "Ask the visitor's page for a fresh full snapshot", params: sessionParamsSchema, errors: ["not_found", "session_ended"] },
    saveAgentNotes: {
      summary: "Save the agents' notes of the session",
      description: "The whole text each time, as the agent types; also after the session ended. Never sent to the visitor.",
      params: sessionParamsSchema,
      body: agentNotesRequestSchema,
      errors: ["not_found"],
    },
    sendAgentFeedback: {
      summary: 'The agent\'s answer to "How did this session go?"',
      description: "Once the session has ended, once per agent: an entry of the Session's quality_feedback.",
      params: sessionParamsSchema,
      body: feedbackAnswerSchema,
      errors: ["not_found", "session_ongoing", "feedback_sent"],
    },
    sendAgentCall: {
      summary: "The agent's side of a voice call: start, WebRTC signalling, end",
      description:
        "Only while the session's watch link allows audio (`permissions.allow_audio`) and the session is live, else 403 `permission_denied`. `start` rings the visitor and answers the call's id and `audioMuted` (the link's `options.audio_muted`); the agent's ICE servers, with TURN credentials minted for this call that last minutes, come in the `accepted` message once the visitor accepts. No audio passes through the service.",
      params: sessionParamsSchema,
      body: agentCallRequestSchema,
      ok: { json: agentCallResponseSchema },
      errors: CALL_ERRORS,
      maxBodyBytes: CALL_MESSAGE_MAX_BYTES,
    },
    redeemViewerToken: {
      auth: "one-time-viewer",
      summary: "The embedded viewer starts with its viewer token",
      description:
        "Spends the v1.4 viewer token (once, before it expires) and answers what the watch page needs, with the viewer credential of its session. Refused unless `host_origin` is one of the team's embed origins.",
      body: redeemViewerTokenRequestSchema,
      ok: { json: watchSessionResponseSchema },
      errors: ["not_found"],
    },
    getRecordingEvents: {
      auth: "recording-link",
      summary: "The recorded events of an ended session, for its replay",
      description:
        "The recording link's token as `Authorization: Bearer …`, never in the address. An expired link, a session still going on and a deleted visitor's recording answer 404.",
      ok: { json: recordingEventsResponseSchema },
    },
  },
);
