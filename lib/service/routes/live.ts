import { liveEndpoints as endpoints } from "@/lib/contract/endpoints";
import { ServiceError } from "../core/errors";
import type { Bind } from "../http/bind";
import { bearerToken, viewerOf } from "../http/authenticate";
import { applyControl, endByAgent, openAgentStream, requestSnapshot } from "../live/agent-live";
import { agentCall } from "../live/calls";
import { recordingReplay } from "../live/recording-page";
import { sseResponse } from "../live/sse";
import { saveAgentNotes } from "../sessions/agent-notes";
import { addQualityFeedback } from "../sessions/quality-feedback";
import { describeWatchSession, redeemViewerToken } from "../live/watch-view";

/** The agent's side of a live session: the watch page's stream and tools; recordings' replay. */
export function bindLiveEndpoints(bind: Bind): void {
  bind(endpoints.openViewerStream, ({ db, viewer, params, request, outgoing }) => {
    const claims = viewerOf(viewer, params.id);
    return sseResponse({ request, outgoing }, (channel) => openAgentStream(db, claims, channel));
  });

  // The embedded viewer's frame: its viewer token, spent, for the watch page's credential of its session.
  bind(endpoints.redeemViewerToken, async ({ db, request, body, clientAddress }) => ({
    session: await redeemViewerToken(db, bearerToken(request), body.host_origin, clientAddress),
  }));

  bind(endpoints.describeWatchSession, async ({ db, viewer, params }) => {
    const claims = viewerOf(viewer, params.id);
    const session = await describeWatchSession(db, claims.sessionId, claims.agentId);
    if (!session) throw new ServiceError("not_found", "The session no longer exists.");
    return { session };
  });

  bind(endpoints.useTool, async ({ db, viewer, params, body }) => {
    await applyControl(db, viewerOf(viewer, params.id), body);
    return {};
  });

  bind(endpoints.endByAgent, async ({ db, viewer, params }) => {
    await endByAgent(db, viewerOf(viewer, params.id));
    return {};
  });

  bind(endpoints.requestSnapshot, async ({ db, viewer, params }) => {
    await requestSnapshot(db, viewerOf(viewer, params.id));
    return {};
  });

  bind(endpoints.saveAgentNotes, async ({ db, viewer, params, body }) => {
    await saveAgentNotes(db, viewerOf(viewer, params.id).sessionId, body.notes);
    return {};
  });

  bind(endpoints.sendAgentFeedback, async ({ db, viewer, params, body }) => {
    const claims = viewerOf(viewer, params.id);
    await addQualityFeedback(db, claims.sessionId, { from: "agent", agentId: claims.agentId }, body);
    return {};
  });

  bind(endpoints.sendAgentCall, async ({ db, viewer, params, body }) => {
    const call = await agentCall(db, viewerOf(viewer, params.id), body);
    return call ? { call } : {};
  });

  bind(endpoints.getRecordingEvents, async ({ db, request }) => {
    const replay = await recordingReplay(db, bearerToken(request));
    if (!replay) throw new ServiceError("not_found", "No recording for this link: it expired, the session is still going on, or it was deleted.");
    // Deleting the visitor deletes the recording: no cache may keep it.
    return Response.json({ status: "ok", ...replay }, { headers: { "cache-control": "no-store" } });
  });
}
