import type { Metadata } from "next";
import { PageHeader } from "@/components/console/page-header";
import { LazyHelpQueuePanel } from "@/components/help-queue/lazy-help-queue-panel";
import { Alert } from "@/components/ui/alert";
import { LazyPurgeVisitorsDialog } from "@/components/visitors/lazy-purge-visitors-dialog";
import { VisitorsList } from "@/components/visitors/visitors-list";
import { apiConnection } from "@/lib/console/api";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";
import { hasRole } from "@/lib/console/auth/roles";
import { dehydrateRead } from "@/lib/console/reads/prefetch";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import { listVisitors } from "@/lib/console/visitors/read-visitors";
import { parseVisitorQuery, type VisitorQuery } from "@/lib/console/visitors/search-params";
import { searchRefusal } from "@/lib/console/visitors/search-refusal";

/** The first page of the list, or why the API refused the search (shown on the page, never as an error page). */
async function firstPage(query: VisitorQuery) {
  try {
    return { visitors: await listVisitors(query), refused: null };
  } catch (error) {
    const refused = searchRefusal(error);
    if (refused === null) throw error;
    return { visitors: [], refused };
  }
}

export const metadata: Metadata = { title: "Visitors" };

export default async function VisitorsPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await requirePage(CONSOLE_PAGES.visitors);
  const params = await props.searchParams;
  const query = parseVisitorQuery(params);
  // The first page is fetched here, so the table renders at once; the browser then keeps it fresh.
  const { visitors, refused } = await firstPage(query);
  const canPurge = hasRole(caller.role, "admin") && apiConnection().mode !== "onprem";
  const deleted = typeof params.deleted === "string" ? params.deleted : null;
  const prefetched = dehydrateRead(READ_ROUTES.visitors, { query }, refused === null ? { visitors } : null);

  return (
    <>
      <PageHeader title="Visitors" description="Find a visitor and start co-browsing.">
        {canPurge ? <LazyPurgeVisitorsDialog /> : null}
      </PageHeader>
      {deleted ? (
        <Alert tone="info" className="mb-4">
          Visitor {deleted} was deleted.
        </Alert>
      ) : null}
      <LazyHelpQueuePanel />
      <VisitorsList query={query} initial={prefetched.state} refused={refused} fallbackHash={prefetched.hash} />
    </>
  );
}
