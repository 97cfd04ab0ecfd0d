import type { Session } from "@/lib/contract";

const DAY_MS = 86_400_000;

/** The ranges of the daily history, in whole UTC days ending today. */
export const HISTORY_DAYS = [7, 30] as const;
export type HistoryDays = (typeof HISTORY_DAYS)[number];

type SessionTimes = Pick<Session, "started_at" | "ended_at">;

/** One agent's sessions, as the API's agent lookup returns them. */
export interface AgentSessions {
  email: string;
  name: string;
  sessions: readonly SessionTimes[];
}

/** One UTC day of the history: sessions started and seconds spent in session that day, per agent (by email). */
export interface HistoryDay {
  day: string;
  sessions: Record<string, number>;
  seconds: Record<string, number>;
}

export interface AgentHistoryTotal {
  email: string;
  name: string;
  sessions: number;
  seconds: number;
}

export interface SessionHistory {
  /** The first day of the range (YYYY-MM-DD), as the agent page's `from` filter takes it. */
  from: string;
  days: HistoryDay[];
  /** Agents with at least one session in the range, most session time first. */
  agents: AgentHistoryTotal[];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Sessions per day and session time per day over the last `days` UTC days (today included), per agent.
 * A session counts on the day it started; its time (start to end, or to now while it goes on) is split
 * over the days it spans, so a session across midnight adds to both days.
 */
export function sessionHistory(agents: readonly AgentSessions[], days: HistoryDays, now: Date): SessionHistory {
  const todayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const rangeStart = todayStart - (days - 1) * DAY_MS;
  const rangeEnd = todayStart + DAY_MS;
  const history: HistoryDay[] = Array.from({ length: days }, (_, index) => ({ day: dayOf(rangeStart + index * DAY_MS), sessions: {}, seconds: {} }));
  const totals: AgentHistoryTotal[] = [];

  for (const agent of agents) {
    const total: AgentHistoryTotal = { email: agent.email, name: agent.name, sessions: 0, seconds: 0 };
    for (const session of agent.sessions) {
      const start = Date.parse(session.started_at);
      const end = Math.min(session.ended_at ? Date.parse(session.ended_at) : now.getTime(), now.getTime());
      if (Number.isNaN(start) || Number.isNaN(end)) continue;
      if (start >= rangeStart && start < rangeEnd) {
        const day = history[Math.floor((start - rangeStart) / DAY_MS)];
        day.sessions[agent.email] = (day.sessions[agent.email] ?? 0) + 1;
        total.sessions += 1;
      }
      // The part of [start, end) inside each day of the range.
      for (let dayStart = Math.max(rangeStart, Math.floor(start / DAY_MS) * DAY_MS); dayStart < Math.min(end, rangeEnd); dayStart += DAY_MS) {
        const seconds = (Math.min(end, dayStart + DAY_MS) - Math.max(start, dayStart)) / 1000;
        if (seconds <= 0) continue;
        const day = history[(dayStart - rangeStart) / DAY_MS];
        day.seconds[agent.email] = (day.seconds[agent.email] ?? 0) + seconds;
        total.seconds += seconds;
      }
    }
    if (total.sessions > 0 || total.seconds > 0) totals.push({ ...total, seconds: Math.round(total.seconds) });
  }
  for (const day of history) for (const email of Object.keys(day.seconds)) day.seconds[email] = Math.round(day.seconds[email]);
  totals.sort((a, b) => b.seconds - a.seconds || b.sessions - a.sessions || a.name.localeCompare(b.name));
  return { from: dayOf(rangeStart), days: history, agents: totals };
}
