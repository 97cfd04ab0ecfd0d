import { describe, expect, it } from "vitest";
import type { Session } from "@/lib/contract";
import { SESSION_CSV_COLUMNS, sessionsCsv } from "./session-csv";

const session: Session = {
  id: "s_1",
  agents: [{ id: "u_1", agent_nickname: "Priya", email: "lead@example.com", external_id: null, name: "Priya Shah", on_premise: false, _type: "user" }],
  call_length_seconds: 0,
  call_name: "Jane Cooper",
  ended_at: "2026-11-20T10:05:00.000Z",
  started_at: "2026-11-20T10:00:00.000Z",
  features_used: ["click", "remote_cursor"],
  formatted_call_length: "0s",
  formatted_length: "5m 0s",
  length_seconds: 300,
  on_premise: false,
  public_video_url: null,
  video_url: "https://video.example.com/s_1.mp4",
  video_status: "ready",
  quality_feedback: [
    { from: "agent", rating: 4, comment: null, created_at: "2026-11-20T10:06:00.000Z" },
    { from: "visitor", rating: 5, comment: "Quick, thanks", created_at: "2026-11-20T10:07:00.000Z" },
  ],
  agent_notes: "Reset the password",
  session_authorized: true,
  source: "api",
  team: { id: "t", domain: "example.com", _type: "team" },
  visitor_id: "abc123",
  went_live: true,
  metadata: { ticket: "T-1", channel: "chat" },
  _type: "session",
};

describe("sessionsCsv", () => {
  it("writes one row per session with every column of the header", () => {
    const [header, row, end] = sessionsCsv([session]).split("\r\n");
    expect(header.split(",")).toEqual(SESSION_CSV_COLUMNS.map((c) => c.header));
    expect(row).toBe(
      's_1,2026-11-20T10:00:00.000Z,2026-11-20T10:05:00.000Z,300,5m 0s,0,abc123,Jane Cooper,Priya Shah,click remote_cursor,yes,yes,no,api,channel=chat; ticket=T-1,https://video.example.com/s_1.mp4,Reset the password,"Agent 4/5, Visitor 5/5 (“Quick, thanks”)"',
    );
    expect(end).toBe("");
  });
});
