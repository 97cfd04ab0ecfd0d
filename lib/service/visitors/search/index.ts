export { formatSearch, MAX_SEARCH_LENGTH, parseSearch, type SearchQuery, type SearchTerm } from "./parse-search";
export { visitorSearchText, type SearchTextFields } from "./search-text";
export {
  clampMaxResults,
  DEFAULT_MAX_RESULTS,
  MAX_RESULTS_CAP,
  searchVisitors,
  type SearchVisitorsOptions,
  type FoundVisitor,
  type VisitorRow,
} from "./search-visitors";
export { type SearchMatch } from "./matched-fields";
