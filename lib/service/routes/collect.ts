import { collectEndpoints as endpoints } from "@/lib/contract/endpoints";
import type { Bind } from "../http/bind";
import { boundedVisitorStream } from "../live/stream-limits";
import { visitorCall } from "../live/calls";
import { acceptVisitorEvents, answerConsent, openVisitorStream, relayVisitorMessage, stopByVisitor } from "../live/visitor-live";
import { relayVisitorConsole } from "../live/visitor-console";
import { addVisitorFeedback } from "../sessions/quality-feedback";
import { clientInfo } from "../visitors/ingest/client-info";
import { beatVisitor } from "../visitors/ingest/heartbeat";
import { setHelpRequest } from "../visitors/ingest/help-request";
import { identifyVisitor } from "../visitors/ingest/identify";
import { leaveVisitor } from "../visitors/ingest/leave";
import { recordVisitorPageview } from "../visitors/ingest/pageview";
import { recordingSettings, registerVisitor } from "../visitors/ingest/register";

/** The visitor script's side: its visitor's presence and pages, and its half of a live session. */
export function bindCollectEndpoints(bind: Bind): void {
  bind(endpoints.registerVisitor, async ({ db, team, body, request, clientAddress }) => ({
    ...(await registerVisitor(db, team, body, clientInfo(request.headers, clientAddress))),
  }));

  bind(endpoints.frameSettings, async ({ team }) => ({ settings: recordingSettings(team) }));

  bind(endpoints.heartbeat, async ({ db, team, visitorId }) => ({ ...(await beatVisitor(db, team, visitorId)) }));

  bind(endpoints.identifyVisitor, async ({ db, team, visitorId, body }) => {
    await identifyVisitor(db, team, visitorId, body);
    return {};
  });

  bind(endpoints.recordPageview, async ({ db, team, visitorId, body }) => {
    await recordVisitorPageview(db, team, visitorId, body);
    return {};
  });

  bind(endpoints.setHelpRequest, async ({ db, team, visitorId, body }) => {
    await setHelpRequest(db, team, visitorId, body.waiting);
    return {};
  });

  bind(endpoints.leave, async ({ db, team, visitorId }) => {
    await leaveVisitor(db, team, visitorId);
    return {};
  });

  bind(endpoints.openVisitorStream, ({ db, team, visitorId, request, outgoing, clientAddress }) =>
    boundedVisitorStream({ request, outgoing }, visitorId, clientAddress, (channel) => openVisitorStream(db, team, visitorId, channel)),
  );

  bind(endpoints.sendEvents, async ({ db, visitorId, body }) => ({
    ...(await acceptVisitorEvents(db, visitorId, body.sessionId, { seq: body.seq, events: body.events })),
  }));

  bind(endpoints.answerConsent, async ({ db, visitorId, body }) => {
    await answerConsent(db, visitorId, body.sessionId, body.accepted);
    return {};
  });

  bind(endpoints.stopByVisitor, async ({ db, visitorId, body }) => {
    await stopByVisitor(db, visitorId, body.sessionId);
    return {};
  });

  bind(endpoints.sendVisitorMessage, async ({ db, visitorId, body }) => {
    await relayVisitorMessage(db, visitorId, body.sessionId, body.message);
    return {};
  });

  bind(endpoints.sendVisitorFeedback, async ({ db, visitorId, body }) => {
    await addVisitorFeedback(db, visitorId, body.sessionId, body);
    return {};
  });

  bind(endpoints.sendVisitorCall, async ({ db, visitorId, body }) => {
    const call = await visitorCall(db, visitorId, body);
    return call ? { call } : {};
  });

  bind(endpoints.sendConsole, async ({ db, visitorId, body }) => {
    await relayVisitorConsole(db, visitorId, body.sessionId, body);
    return {};
  });
}
