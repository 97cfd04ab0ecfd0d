import "server-only";
import { isApiError, type Visitor } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { apiSearch, type VisitorQuery } from "./search-params";

/** Rows per search: the table shows one page; a narrower search finds the rest. */
export const VISITORS_PAGE_SIZE = 50;

/** Lists or searches Visitors through whichever API the console speaks to. */
export async function listVisitors(query: VisitorQuery): Promise<Visitor[]> {
  const { mode, cloud, onprem } = apiConnection();
  const search = apiSearch(query);
  if (mode === "onprem" && onprem) {
    // The "latest" endpoint lists online visitors but exists on MongoDB deployments only.
    if (search === "online") {
      try {
        return await onprem.listLatestVisitors();
      } catch (error) {
        if (!isApiError(error) || error.kind === "unauthorized") throw error;
      }
    }
    return (await onprem.searchVisitors(search)).slice(0, VISITORS_PAGE_SIZE);
  }
  return cloud.listVisitors({ search, maxResults: VISITORS_PAGE_SIZE });
}

/** One Visitor with its history (when collection is on) and sessions; null when it no longer exists. */
export async function findVisitor(id: string): Promise<Visitor | null> {
  const { mode, cloud, onprem } = apiConnection();
  try {
    if (mode === "onprem" && onprem) return await onprem.getVisitor(id);
    return await cloud.getVisitor(id, { withHistory: true });
  } catch (error) {
    if (isApiError(error) && error.kind === "not_found") return null;
    throw error;
  }
}
