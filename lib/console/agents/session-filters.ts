import type { Session } from "@/lib/contract";

/**
 * The filters of an agent's sessions table, as they appear in the page's URL and in the CSV export's:
 * one parser for both, so the download holds exactly the rows on screen. Dates are whole UTC days
 * (the console shows times in UTC).
 */
export interface SessionFilters {
  /** YYYY-MM-DD: sessions started on or after this UTC day. */
  from?: string;
  /** YYYY-MM-DD: sessions started on or before this UTC day. */
  to?: string;
  /** A feature the session used (click, scroll, remote_cursor, type, draw…). */
  feature?: string;
  /** Whether the session went live. */
  live?: "yes" | "no";
}

/** The features the API documents or the console has seen, offered even when no session used them yet. */
export const KNOWN_FEATURES = ["click", "scroll", "remote_cursor", "type", "draw"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
}

export function parseSessionFilters(params: URLSearchParams): SessionFilters {
  const filters: SessionFilters = {};
  const from = validDay(params.get("from"));
  const to = validDay(params.get("to"));
  const feature = params.get("feature")?.trim();
  const live = params.get("live");
  if (from) filters.from = from;
  if (to) filters.to = to;
  if (feature && /^[\w-]{1,40}$/.test(feature)) filters.feature = feature;
  if (live === "yes" || live === "no") filters.live = live;
  return filters;
}

export function serializeSessionFilters(filters: SessionFilters): string {
  const params = new URLSearchParams();
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.feature) params.set("feature", filters.feature);
  if (filters.live) params.set("live", filters.live);
  return params.toString();
}

export function hasSessionFilters(filters: SessionFilters): boolean {
  return serializeSessionFilters(filters) !== "";
}

const DAY_MS = 86_400_000;

export function matchesSessionFilters(session: Session, filters: SessionFilters): boolean {
  const started = Date.parse(session.started_at);
  if (filters.from && started < Date.parse(`${filters.from}T00:00:00Z`)) return false;
  if (filters.to && started >= Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) return false;
  if (filters.feature && !session.features_used.includes(filters.feature)) return false;
  if (filters.live && session.went_live !== (filters.live === "yes")) return false;
  return true;
}

export function filterSessions(sessions: readonly Session[], filters: SessionFilters): Session[] {
  return sessions.filter((session) => matchesSessionFilters(session, filters));
}

/** The features to offer in the filter: the known ones, then any other the sessions used. */
export function featureOptions(sessions: readonly Session[]): string[] {
  const seen = new Set<string>(KNOWN_FEATURES);
  for (const session of sessions) for (const feature of session.features_used) seen.add(feature);
  return [...seen];
}
