/**
 * The Visitors page's query, as it lives in the URL. One parser for the server page (prefetch) and the
 * browser (hook), so both ask the API the same thing and the hydrated query key matches.
 */
export const ONLINE_FILTERS = ["all", "online", "offline"] as const;
export type OnlineFilter = (typeof ONLINE_FILTERS)[number];

export interface VisitorQuery {
  /** What the person typed: the whole search grammar. */
  search: string;
  status: OnlineFilter;
}

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: ParamSource, key: string): string {
  if (params instanceof URLSearchParams) return params.get(key) ?? "";
  const value = params[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export function parseVisitorQuery(params: ParamSource): VisitorQuery {
  const status = read(params, "status");
  return {
    search: read(params, "search").slice(0, 500),
    status: (ONLINE_FILTERS as readonly string[]).includes(status) ? (status as OnlineFilter) : "all",
  };
}

/** The URL's query string for a query; defaults are left out so a plain /visitors stays plain. */
export function visitorQueryString(query: VisitorQuery): string {
  const params = new URLSearchParams();
  if (query.search.trim() !== "") params.set("search", query.search);
  if (query.status !== "all") params.set("status", query.status);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const ONLINE_TOKEN = /(^|\s)-?online(?=\s|$)/gi;

/** The search sent to the API: the online filter is expressed with the grammar's own `online`/`-online`. */
export function apiSearch(query: VisitorQuery): string {
  const text = query.search.trim();
  if (query.status === "all") return text;
  const rest = text.replace(ONLINE_TOKEN, " ").replace(/\s+/g, " ").trim();
  const token = query.status === "online" ? "online" : "-online";
  return rest ? `${rest} ${token}` : token;
}

export function visitorsQueryKey(query: VisitorQuery) {
  return ["visitors", "list", apiSearch(query)] as const;
}

export function visitorQueryKeyPrefix() {
  return ["visitors"] as const;
}
