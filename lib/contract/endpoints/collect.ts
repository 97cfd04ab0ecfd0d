import { endpointGroup } from "../endpoint";
import { collectRoutes } from "./collect-routes";
import {
  consentRequestSchema,
  customMessageRequestSchema,
  eventBatchRequestSchema,
  eventBatchResponseSchema,
  stopRequestSchema,
  visitorFeedbackRequestSchema,
  visitorMessageSchema,
} from "../live";
import {
  frameSettingsRequestSchema,
  frameSettingsResponseSchema,
  heartbeatResponseSchema,
  helpRequestSchema,
  identifyRequestSchema,
  leaveRequestSchema,
  okResponseSchema,
  pageviewRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
} from "../visitor-protocol";
import { consoleBatchRequestSchema, MAX_CONSOLE_BATCH_BYTES } from "../remote-console";
import { CALL_MESSAGE_MAX_BYTES, CALL_ERRORS, visitorCallRequestSchema, visitorCallResponseSchema } from "../call";

/** The largest batch of a visitor's page: a full snapshot of a large page fits many times over. */
export const MAX_EVENT_BATCH_BYTES = 20 * 1024 * 1024;
const SMALL_BODY = 64 * 1024;

/**
 * The visitor script's side (docs/visitor-protocol.md): called cross-origin from the customer's pages,
 * so every answer carries CORS headers, errors included.
 */
export const collectEndpoints = endpointGroup(
  { group: "collect", auth: "visitor", routes: collectRoutes, ok: { json: okResponseSchema } },
  {
    registerVisitor: {
      auth: "public-key",
      summary: "A page loaded the visitor script",
      description: "Resumes the visitor whose id and token match, else creates one; either way it is online from now.",
      body: registerRequestSchema,
      ok: { json: registerResponseSchema },
      maxBodyBytes: SMALL_BODY,
    },
    frameSettings: {
      auth: "public-key",
      summary: "A cross-origin frame loaded the visitor script",
      description:
        "The team's recording settings, without registering a visitor: the frame joins the session of the page that embeds it when that page is one of the team's `frameOrigins`, and masks with the team's selectors before anything leaves it.",
      body: frameSettingsRequestSchema,
      ok: { json: frameSettingsResponseSchema },
      maxBodyBytes: SMALL_BODY,
    },
    heartbeat: {
      summary: "The visitor is still on the page",
      description: "Every `heartbeatSeconds`; keeps the visitor online 30 s more and answers its lookup code.",
      ok: { json: heartbeatResponseSchema },
      errors: ["visitor_not_found"],
    },
    identifyVisitor: {
      summary: "Identity set by the page (Tandem.identify)",
      body: identifyRequestSchema,
      errors: ["visitor_not_found"],
      maxBodyBytes: SMALL_BODY,
    },
    recordPageview: { summary: "A single-page app changed its URL", body: pageviewRequestSchema, errors: ["visitor_not_found"], maxBodyBytes: SMALL_BODY },
    setHelpRequest: {
      summary: "The visitor asks for help, or takes the request back (Tandem.requestHelp)",
      description:
        "Sets the visitor's `is_waiting_for_call`; the first request also sets `waiting_since`, the queue's order. A session that starts answers the request; leaving the page ends it until the next page asks again.",
      body: helpRequestSchema,
      errors: ["visitor_not_found"],
      maxBodyBytes: SMALL_BODY,
    },
    leave: {
      auth: "visitor-beacon",
      summary: "The page is closing (navigator.sendBeacon): offline at once",
      body: leaveRequestSchema,
      errors: ["visitor_not_found"],
      maxBodyBytes: SMALL_BODY,
    },
    openVisitorStream: {
      summary: "The visitor script's live stream",
      description:
        "Keeps the visitor online, announces a session an agent opens and carries the agents' tools. The credentials travel in headers (a fetch-based stream), never in the query.",
      ok: { events: visitorMessageSchema },
      errors: ["draining"],
    },
    sendEvents: {
      summary: "A batch of the visitor's page, relayed to the agents",
      description:
        "Batches are numbered; one already taken is acknowledged and ignored, so a retry is safe. When what the service keeps of the page is full, batches are refused with `snapshot_required` until one holds a full snapshot.",
      body: eventBatchRequestSchema,
      ok: { json: eventBatchResponseSchema },
      errors: ["not_found", "session_ended", "consent_required", "snapshot_required"],
      maxBodyBytes: MAX_EVENT_BATCH_BYTES,
      passThrough: "events",
    },
    answerConsent: { summary: "The visitor's answer to the consent prompt", body: consentRequestSchema, errors: ["not_found", "session_ended"] },
    stopByVisitor: { summary: "The visitor ends the session", body: stopRequestSchema, errors: ["not_found", "session_ended"] },
    sendVisitorMessage: {
      summary: "A message of the customer's page for the agents",
      body: customMessageRequestSchema,
      errors: ["not_found", "session_ended", "consent_required"],
    },
    sendVisitorFeedback: {
      summary: 'The visitor\'s answer to "How did this session go?"',
      description: "Once the session has ended, once, and only when the team asks its visitors: an entry of the Session's quality_feedback.",
      body: visitorFeedbackRequestSchema,
      errors: ["not_found", "session_ongoing", "feedback_sent", "permission_denied"],
    },
    sendVisitorCall: {
      summary: "The visitor's side of a voice call: accept, decline, WebRTC signalling, end",
      description:
        "Only while the session's watch link allows audio (`permissions.allow_audio`) and the session is live, else 403 `permission_denied`; a message of a call that is not the session's current one answers 404. `accept` answers the ICE servers for this call, with TURN credentials minted then that last minutes (the ring carries none). Relayed to the watch pages as they come; no audio passes through the service.",
      body: visitorCallRequestSchema,
      ok: { json: visitorCallResponseSchema },
      errors: CALL_ERRORS,
      maxBodyBytes: CALL_MESSAGE_MAX_BYTES,
    },
    sendConsole: {
      summary: "The visitor page's console output, relayed to the agents (remote console)",
      description:
        "Only while the session's watch link allows it (`permissions.allow_console`, else 403 `permission_denied`) and the session is live and accepted by the visitor. Log, info, warn and error messages with their arguments as text, uncaught errors and unhandled rejections with their stack, failed requests; at most 20 messages a batch, 2,000 characters of text and of stack each. Relayed to the watch pages as they come, never stored.",
      body: consoleBatchRequestSchema,
      errors: ["not_found", "session_ended", "consent_required", "permission_denied"],
      maxBodyBytes: MAX_CONSOLE_BATCH_BYTES,
    },
  },
);
