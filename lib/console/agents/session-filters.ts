import { createLoader, createParser, createSerializer, parseAsStringLiteral, type LoaderInput } from "nuqs/server";
import type { Session } from "@/lib/contract";
import { dateRangeParsers, presentValues } from "@/lib/console/url-state";
import { agentRefPath, type AgentRef } from "./agent-ref";

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

/** The filters' URL parsers, shared by the page, the CSV export and the links to an agent's sessions. */
export const sessionFilterParsers = {
  ...dateRangeParsers,
  feature: createParser<string>({ parse: (value) => (/^[\w-]{1,40}$/.test(value.trim()) ? value.trim() : null), serialize: (value) => value }),
  live: parseAsStringLiteral(["yes", "no"] as const),
};

const loadSessionFilters = createLoader(sessionFilterParsers);
const sessionFiltersSearch = createSerializer(sessionFilterParsers);

export function parseSessionFilters(input: LoaderInput): SessionFilters {
  return presentValues(loadSessionFilters(input));
}

/** The query string of some filters, without its "?" ("" for none). */
export function serializeSessionFilters(filters: SessionFilters): string {
  return sessionFiltersSearch(filters).replace(/^\?/, "");
}

/** An agent's page with its sessions filtered, e.g. the sessions since a day. */
export function agentSessionsUrl(ref: AgentRef, filters: SessionFilters): string {
  return sessionFiltersSearch(agentRefPath(ref), filters);
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
