import { createLoader, createSerializer, parseAsNumberLiteral, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { ONLINE_FILTERS, VISITOR_LIMITS, VISITORS_PAGE_SIZE } from "./query-values";

/**
 * The Visitors page's query, as it lives in the URL. One set of parsers for the server page (first
 * page) and the browser (useQueryStates), so both ask the API the same thing and the server's first page
 * is found under the browser's key; the list's read takes the parsed query (reads/visitors.ts).
 */
export const visitorSearchParams = {
  /** What the person typed: the whole search grammar. */
  search: parseAsString.withDefault(""),
  status: parseAsStringLiteral(ONLINE_FILTERS).withDefault("all"),
  /** How many rows are shown: grows by a page with each "Load more". */
  limit: parseAsNumberLiteral(VISITOR_LIMITS).withDefault(VISITORS_PAGE_SIZE),
};

export type VisitorQuery = inferParserType<typeof visitorSearchParams>;

const loadVisitorQuery = createLoader(visitorSearchParams);

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

export function parseVisitorQuery(params: ParamSource): VisitorQuery {
  const query = loadVisitorQuery(params);
  return { ...query, search: query.search.slice(0, 500) };
}

const serializeVisitorQuery = createSerializer(visitorSearchParams);

/** The URL's query string for a query; defaults are left out so a plain /visitors stays plain. */
export function visitorQueryString(query: Partial<VisitorQuery>): string {
  return serializeVisitorQuery({ ...query, search: query.search?.trim() === "" ? null : query.search });
}

const ONLINE_TOKEN = /(^|\s)-?online(?=\s|$)/gi;

/** The search sent to the API: the online filter is expressed with the grammar's own `online`/`-online`. */
export function apiSearch(query: Pick<VisitorQuery, "search" | "status">): string {
  const text = query.search.trim();
  if (query.status === "all") return text;
  const rest = text.replace(ONLINE_TOKEN, " ").replace(/\s+/g, " ").trim();
  const token = query.status === "online" ? "online" : "-online";
  return rest ? `${rest} ${token}` : token;
}
