import { describe, expect, it } from "vitest";
import type { Session } from "@/lib/contract";
import { sessionExample } from "@/lib/contract/examples";
import { agentRefPath } from "./agent-ref";
import { consoleAgentId, consoleUserIdOf, mergeSessions, otherAgentsShare, sessionAgentRef } from "./console-agent";

describe("how the console names its users to the API", () => {
  it("sends a stable external id and reads it back", () => {
    expect(consoleAgentId("usr_1")).toBe("console:usr_1");
    expect(consoleUserIdOf(consoleAgentId("usr_1"))).toBe("usr_1");
    expect(consoleUserIdOf("helpdesk-17")).toBeNull();
    expect(consoleUserIdOf("console:")).toBeNull();
    expect(consoleUserIdOf(null)).toBeNull();
  });

  it("links a session's agent to a page that exists, or to none", () => {
    const summary = { _type: "external_agent", email: "", external_id: "console:usr_1" };
    expect(agentRefPath(sessionAgentRef(summary)!)).toBe("/agents/external:console:usr_1");
    expect(sessionAgentRef({ _type: "user", email: "agent@example.com", external_id: null })).toEqual({ kind: "email", email: "agent@example.com" });
    expect(sessionAgentRef({ _type: "external_agent", email: "", external_id: null })).toBeNull();
  });
});

describe("one person's sessions and the team's totals", () => {
  it("merges both lookups, each session once, latest first", () => {
    const a = { ...sessionExample, id: "s_a", started_at: "2026-11-20T10:00:00.000Z" } as Session;
    const b = { ...sessionExample, id: "s_b", started_at: "2026-11-21T10:00:00.000Z" } as Session;
    expect(mergeSessions([a], [b, a], null).map((s) => s.id)).toEqual(["s_b", "s_a"]);
  });

  it("gives the other agents what the console users' rows leave of the totals", () => {
    const rows = [
      { sessions: 60, seconds: 6000 },
      { sessions: 47, seconds: 4000 },
    ];
    const other = otherAgentsShare({ sessions: 161, seconds: 15000 }, rows);
    expect(other).toEqual({ sessions: 54, seconds: 5000 });
    expect(rows.reduce((sum, row) => sum + row.sessions, other.sessions)).toBe(161);
    expect(otherAgentsShare({ sessions: 1, seconds: 0 }, rows)).toEqual({ sessions: 0, seconds: 0 });
  });
});
