import { liveEndpoints as endpoints } from "@/lib/contract/endpoints";
import { ServiceError } from "../errors";
import type { Bind } from "../http/app";
import { viewerOf } from "../http/authenticate";
import { applyControl, endByAgent, openAgentStream, requestSnapshot } from "../live/agent-live";
import { recordingEvents } from "../live/recording-page";
import { sseResponse } from "../live/sse";

/** The agent's side of a live session: the watch page's stream and tools; recordings' replay. */
export function bindLiveEndpoints(bind: Bind): void {
  bind(endpoints.openViewerStream, ({ db, viewer, params, request }) => {
    const claims = viewerOf(viewer, params.id);
    return sseResponse(request, (channel) => openAgentStream(db, claims, channel));
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

  bind(endpoints.getRecordingEvents, async ({ db, params }) => {
    const events = await recordingEvents(db, params.token);
    if (!events) throw new ServiceError("not_found", "No recording at this address.");
    return Response.json({ events }, { headers: { "cache-control": "private, max-age=3600" } });
  });
}
