import { createLoader, createSerializer, parseAsNumberLiteral, parseAsStringLiteral } from "nuqs/server";
import { HISTORY_DAYS } from "./session-history";
import { USAGE_RANGES, type UsageRange } from "./snapshots";

/**
 * The Usage page's URL state, one parser for the page, its links and the series export: the range of
 * the snapshot trends (`range=24h|7d|30d`) and of the daily session history (`days=7|30`).
 */
export const usageSearchParams = {
  range: parseAsStringLiteral(Object.keys(USAGE_RANGES) as UsageRange[]).withDefault("24h"),
  days: parseAsNumberLiteral(HISTORY_DAYS).withDefault(7),
};

export const loadUsageSearchParams = createLoader(usageSearchParams);

/** `/usage?range=7d&days=30`, leaving out what is the default. */
export const usageUrl = createSerializer(usageSearchParams);
