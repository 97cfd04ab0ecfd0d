import { EVENT_TYPE, redactUrl, type RecordedEvent } from "@/lib/contract";
import type { Team } from "../teams/team";

/**
 * The page's address in the visitor's Meta events, redacted as every stored URL is (an older script sends
 * it raw). Other events pass untouched.
 */
export function redactedEvents(team: Pick<Team, "urlRedactedParams">, events: RecordedEvent[]): RecordedEvent[] {
  return events.map((event) => {
    const data = event.data as { href?: unknown } | undefined;
    if (event.type !== EVENT_TYPE.meta || typeof data?.href !== "string") return event;
    return { ...event, data: { ...data, href: redactUrl(data.href, team.urlRedactedParams) } };
  });
}
