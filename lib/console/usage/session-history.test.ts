import { describe, expect, it } from "vitest";
import { sessionHistory, type AgentSessions } from "./session-history";

const now = new Date("2026-11-24T12:00:00Z");
const session = (started_at: string, ended_at: string | null) => ({ started_at, ended_at });

describe("sessionHistory", () => {
  it("has one entry per UTC day of the range, oldest first, ending today", () => {
    const history = sessionHistory([], 7, now);
    expect(history.days.map((day) => day.day)).toEqual(["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]);
    expect(history.from).toBe("2026-11-18");
    expect(history.agents).toEqual([]);
    expect(sessionHistory([], 30, now).days).toHaveLength(30);
  });

  it("counts each session on its start day and its time from start to end, per agent", () => {
    const agents: AgentSessions[] = [
      {
        email: "a@example.com",
        name: "Ann",
        sessions: [session("2026-11-23T10:00:00Z", "2026-11-23T10:30:00Z"), session("2026-11-23T11:00:00Z", "2026-11-23T11:10:00Z")],
      },
      { email: "b@example.com", name: "Bo", sessions: [session("2026-11-20T09:00:00Z", "2026-11-20T10:00:00Z")] },
    ];
    const history = sessionHistory(agents, 7, now);
    const day = (d: string) => history.days.find((entry) => entry.day === d)!;
    expect(day("2026-11-23")).toEqual({ day: "2026-11-23", sessions: { "a@example.com": 2 }, seconds: { "a@example.com": 2400 } });
    expect(day("2026-11-20")).toEqual({ day: "2026-11-20", sessions: { "b@example.com": 1 }, seconds: { "b@example.com": 3600 } });
    expect(history.agents).toEqual([
      { email: "b@example.com", name: "Bo", sessions: 1, seconds: 3600 },
      { email: "a@example.com", name: "Ann", sessions: 2, seconds: 2400 },
    ]);
  });

  it("splits a session across midnight over both days, and counts an ongoing one up to now", () => {
    const agents: AgentSessions[] = [
      { email: "a@example.com", name: "Ann", sessions: [session("2026-11-22T23:30:00Z", "2026-11-23T00:15:00Z"), session("2026-11-24T11:50:00Z", null)] },
    ];
    const history = sessionHistory(agents, 7, now);
    const seconds = Object.fromEntries(history.days.map((day) => [day.day, day.seconds["a@example.com"] ?? 0]));
    expect(seconds["2026-11-22"]).toBe(1800);
    expect(seconds["2026-11-23"]).toBe(900);
    expect(seconds["2026-11-24"]).toBe(600);
    expect(history.days.find((day) => day.day === "2026-11-23")!.sessions).toEqual({});
    expect(history.agents[0]).toMatchObject({ sessions: 2, seconds: 3300 });
  });

  it("leaves out sessions before the range, keeping only the part of one that reaches into it", () => {
    const agents: AgentSessions[] = [
      {
        email: "a@example.com",
        name: "Ann",
        sessions: [session("2026-11-10T10:00:00Z", "2026-11-10T11:00:00Z"), session("2026-11-17T23:00:00Z", "2026-11-18T01:00:00Z")],
      },
      { email: "c@example.com", name: "Cy", sessions: [session("2026-10-01T10:00:00Z", "2026-10-01T11:00:00Z")] },
    ];
    const history = sessionHistory(agents, 7, now);
    expect(history.days[0].seconds).toEqual({ "a@example.com": 3600 });
    expect(history.days.every((day) => Object.keys(day.sessions).length === 0)).toBe(true);
    expect(history.agents).toEqual([{ email: "a@example.com", name: "Ann", sessions: 0, seconds: 3600 }]);
    expect(sessionHistory(agents, 30, now).agents.map((agent) => agent.email)).toEqual(["a@example.com"]);
  });

  it("ignores sessions with unreadable times", () => {
    const agents: AgentSessions[] = [{ email: "a@example.com", name: "Ann", sessions: [session("not a date", null)] }];
    expect(sessionHistory(agents, 7, now).agents).toEqual([]);
  });
});
