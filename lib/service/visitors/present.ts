import type { Pageview, Session, Visitor } from "@/lib/contract";
import { iso, isoOrNull } from "../core/format";
import { getTableColumns } from "drizzle-orm";
import { visitors, type pageviews } from "../core/schema";

// What only search reads: never part of the resource, and long arrays to read and parse for each row.
const SEARCH_ONLY = ["searchText", "searchWords", "searchHourKeys"] as const;
type SearchOnly = (typeof SEARCH_ONLY)[number];
const columns = getTableColumns(visitors);
/** The columns the Visitor resource is made of. */
export const shownVisitorColumns = Object.fromEntries(Object.entries(columns).filter(([name]) => !SEARCH_ONLY.includes(name as SearchOnly))) as Omit<
  typeof columns,
  SearchOnly
>;
/** A visitor's row as the resource needs it. */
export type VisitorRow = Omit<typeof visitors.$inferSelect, SearchOnly>;
type PageviewRow = typeof pageviews.$inferSelect;

export function toPageviewResource(pageview: PageviewRow): Pageview {
  return {
    url: pageview.url,
    title: pageview.title,
    referrer: pageview.referrer,
    visited_at: iso(pageview.visitedAt),
    duration_seconds: pageview.durationSeconds,
  };
}

/** A visitor in the shape of the API's Visitor resource (fields of the compatibility notes). */
export function toVisitorResource(
  visitor: VisitorRow,
  extra: { apiKey: string; inSession: boolean; now?: Date; history?: PageviewRow[]; sessions?: Session[] },
): Visitor {
  const now = extra.now ?? new Date();
  return {
    short_id: visitor.shortId,
    added_at: iso(visitor.addedAt),
    last_seen_at: iso(visitor.lastSeenAt),
    api_key: extra.apiKey,
    browser_name: visitor.browserName,
    device_name: visitor.deviceName,
    device_type: visitor.deviceType as Visitor["device_type"],
    call_name: visitor.callName,
    email: visitor.email,
    identities: visitor.identities,
    unique_id: visitor.uniqueId,
    tags: visitor.tags,
    integration_ids: visitor.integrationIds,
    integration: visitor.integration,
    ip_address: visitor.ipAddress,
    location_city: visitor.locationCity,
    location_country_name: visitor.locationCountryName,
    location_country: visitor.locationCountry,
    lookup_code: visitor.lookupCode,
    last_url: visitor.lastUrl,
    last_title: visitor.lastTitle,
    is_online: visitor.onlineUntil > now,
    is_in_session: extra.inSession,
    is_supported: visitor.isSupported,
    is_waiting_for_call: visitor.isWaitingForCall,
    waiting_since: visitor.isWaitingForCall ? isoOrNull(visitor.waitingSince) : null,
    js_configuration: visitor.jsConfiguration,
    ...(extra.history ? { history: extra.history.map(toPageviewResource) } : {}),
    ...(extra.sessions ? { sessions: extra.sessions } : {}),
    _type: "visitor",
  };
}
