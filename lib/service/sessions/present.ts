import type { AgentSummary, Session } from "@/lib/contract";
import { formatDuration, iso, isoOrNull } from "../core/format";
import { recordingUrl } from "./recording-token";
import type { agents, sessions, teams } from "../core/schema";
import { agentNotesOf } from "./agent-notes";
import { qualityFeedbackOf } from "./quality-feedback";

type SessionRow = typeof sessions.$inferSelect;
type AgentRow = typeof agents.$inferSelect;
type TeamRow = Pick<typeof teams.$inferSelect, "id" | "domain" | "recordingLinkTtlHours">;

export function toAgentSummary(agent: AgentRow): AgentSummary {
  return {
    id: agent.id,
    agent_nickname: agent.nickname,
    email: agent.email,
    external_id: agent.externalId,
    name: agent.name,
    on_premise: false,
    _type: agent.kind === "user" ? "user" : "external_agent",
  };
}

/**
 * Lengths of an ongoing session run to `now`. The call length is its voice calls' (0 without one): those
 * that ended, and the one going on since the visitor accepted it.
 */
export function sessionLengths(session: SessionRow, now = new Date()) {
  const end = session.endedAt ?? now;
  const length = Math.max(0, Math.round((end.getTime() - session.startedAt.getTime()) / 1000));
  const running = session.callAcceptedAt ? Math.max(0, Math.round((end.getTime() - session.callAcceptedAt.getTime()) / 1000)) : 0;
  return { length, call: session.callSeconds + running };
}

/** A session in the shape of the API's Session resource. */
export function toSessionResource(session: SessionRow, sessionAgents: AgentRow[], team: TeamRow, now = new Date()): Session {
  const { length, call } = sessionLengths(session, now);
  return {
    id: session.id,
    agents: sessionAgents.map((agent) => ({ ...toAgentSummary(agent), on_premise: session.onPremise })),
    call_length_seconds: call,
    call_name: session.callName,
    // An ongoing session has not ended: its end is "now" for the lengths, and ended_at says so.
    ended_at: isoOrNull(session.endedAt),
    started_at: iso(session.startedAt),
    features_used: session.featuresUsed,
    formatted_call_length: formatDuration(call),
    formatted_length: formatDuration(length),
    length_seconds: length,
    on_premise: session.onPremise,
    public_video_url: null,
    // A fresh link on each read, opening the replay for the team's recording-link lifetime.
    video_url: session.videoStatus ? recordingUrl(session.id, team.recordingLinkTtlHours, now.getTime()) : null,
    video_status: session.videoStatus,
    quality_feedback: qualityFeedbackOf(session.qualityFeedback),
    agent_notes: agentNotesOf(session),
    end_reason: session.endReason ?? null,
    session_authorized: session.sessionAuthorized,
    source: session.source,
    team: { id: session.teamId, domain: team.domain, _type: "team" },
    visitor_id: session.visitorId,
    went_live: session.wentLive,
    metadata: session.metadata,
    _type: "session",
  };
}
