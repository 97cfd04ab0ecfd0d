import { Button } from "@/components/ui/button";
import type { Visitor } from "@/lib/contract";
import { nextVisitorLimit } from "@/lib/console/visitors/query-values";
import type { VisitorQuery } from "@/lib/console/visitors/search-params";
import { VisitorsDataTable } from "./table/data-table";
import { VisitorsEmptyState } from "./table/empty-state";
import { VisitorsGetForm } from "./visitors-get-form";

/** What the count line says: exact below the rows asked for; at the limit, more may match. */
function matchCount(shown: number, limit: number): string {
  if (shown < limit) return shown === 1 ? "1 visitor matches" : `${shown} visitors match`;
  return limit >= 500 ? `Showing the first ${shown} matches, the most the API returns: narrow the search to find others` : `Showing the first ${shown} matches`;
}

interface ResultsProps {
  visitors: Visitor[];
  query: VisitorQuery;
  /** A new query's rows are on their way; the previous ones stay on screen meanwhile. */
  updating?: boolean;
  /** Given, Load more grows the list in place; left out, it loads the page again with more rows. */
  onLoadMore?: (limit: number) => void;
}

/** The count of matches, the visitors (a table, or cards on narrow screens) and Load more. */
export function VisitorResults({ visitors, query, updating = false, onLoadMore }: ResultsProps) {
  if (visitors.length === 0) return <VisitorsEmptyState searching={query.search.trim() !== "" || query.status !== "all"} />;
  const more = nextVisitorLimit(query.limit);
  return (
    <>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="visitor-count">
        {matchCount(visitors.length, query.limit)}
        {updating ? " (updating…)" : ""}
      </p>
      <VisitorsDataTable visitors={visitors} />
      {visitors.length >= query.limit && more !== null ? (
        // A GET of this page with the larger limit: it works before any script, as the search does.
        <VisitorsGetForm className="flex justify-center" onSubmit={onLoadMore && (() => onLoadMore(more))}>
          {query.search.trim() ? <input type="hidden" name="search" value={query.search} /> : null}
          {query.status !== "all" ? <input type="hidden" name="status" value={query.status} /> : null}
          <Button type="submit" name="limit" value={more} variant="secondary" disabled={updating} aria-busy={updating}>
            {updating ? "Loading…" : `Load ${more - query.limit} more`}
          </Button>
        </VisitorsGetForm>
      ) : null}
    </>
  );
}
