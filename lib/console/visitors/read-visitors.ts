import "server-only";
import { isApiError, type Visitor } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { apiSearch, type VisitorQuery } from "./search-params";

/** The Visitors page's list: its search, as many rows as "Load more" reached. */
export function listVisitors(query: VisitorQuery): Promise<Visitor[]> {
  return searchVisitors(apiSearch(query), query.limit);
}

/** Lists or searches Visitors (the search grammar) through whichever API the console speaks to. */
export async function searchVisitors(search: string, maxResults: number): Promise<Visitor[]> {
  const { mode, cloud, onprem } = apiConnection();
  if (mode === "onprem" && onprem) {
    // The "latest" endpoint lists online visitors but exists on MongoDB deployments only.
    if (search === "online") {
      try {
        return (await onprem.listLatestVisitors()).slice(0, maxResults);
      } catch (error) {
        if (!isApiError(error) || error.kind === "unauthorized") throw error;
      }
    }
    return (await onprem.searchVisitors(search)).slice(0, maxResults);
  }
  return cloud.listVisitors({ search, maxResults });
}

/**
 * One Visitor with its sessions, and its history (when collection is on) unless left out; null when it
 * no longer exists.
 */
export async function findVisitor(id: string, { withHistory = true }: { withHistory?: boolean } = {}): Promise<Visitor | null> {
  const { mode, cloud, onprem } = apiConnection();
  try {
    if (mode === "onprem" && onprem) return await onprem.getVisitor(id);
    return await cloud.getVisitor(id, { withHistory });
  } catch (error) {
    if (isApiError(error) && error.kind === "not_found") return null;
    throw error;
  }
}
