export { formatSearch, MAX_SEARCH_LENGTH, parseSearch, type SearchQuery, type SearchTerm } from "./parse-search";
export { visitorSearchText, type SearchTextFields } from "./search-text";
export {
  clampMaxResults,
  DEFAULT_MAX_RESULTS,
  MAX_RESULTS_CAP,
  searchVisitors,
  type SearchVisitorsOptions,
  type VisitorRow,
  WORD_SIMILARITY_THRESHOLD,
} from "./search-visitors";
