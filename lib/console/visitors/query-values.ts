/**
 * The Visitors query's plain values: the online filter and the sizes of "Load more". Kept apart from the
 * URL parsers (search-params.ts) because the browser's first load of the list imports them.
 */
export const ONLINE_FILTERS = ["all", "online", "offline"] as const;
export type OnlineFilter = (typeof ONLINE_FILTERS)[number];

export function isOnlineFilter(value: unknown): value is OnlineFilter {
  return ONLINE_FILTERS.includes(value as OnlineFilter);
}

/** Rows per step of "Load more", up to the API's own cap of 500. */
export const VISITORS_PAGE_SIZE = 50;
export const VISITORS_MAX_RESULTS = 500;
export const VISITOR_LIMITS = Array.from({ length: VISITORS_MAX_RESULTS / VISITORS_PAGE_SIZE }, (_, index) => (index + 1) * VISITORS_PAGE_SIZE);

/** The next step of "Load more", or null at the API's cap. */
export function nextVisitorLimit(limit: number): number | null {
  return limit < VISITORS_MAX_RESULTS ? Math.min(limit + VISITORS_PAGE_SIZE, VISITORS_MAX_RESULTS) : null;
}
