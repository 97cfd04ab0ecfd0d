import type { Metadata } from "next";
import { PageHeader } from "@/components/console/page-header";
import { LazyHelpQueuePanel } from "@/components/help-queue/lazy-help-queue-panel";
import { Alert } from "@/components/ui/alert";
import { LazyPurgeVisitorsDialog } from "@/components/visitors/lazy-purge-visitors-dialog";
import { VisitorsList } from "@/components/visitors/visitors-list";
import { apiConnection } from "@/lib/console/api";
import { requirePageCaller } from "@/lib/console/caller";
import { hasRole } from "@/lib/console/roles";
import { listVisitors } from "@/lib/console/visitors/read-visitors";
import { parseVisitorQuery, visitorsUrl } from "@/lib/console/visitors/search-params";

export const metadata: Metadata = { title: "Visitors" };

export default async function VisitorsPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await requirePageCaller("agent");
  const params = await props.searchParams;
  const query = parseVisitorQuery(params);
  // The first page is fetched here, so the table renders at once; the browser then keeps it fresh.
  const visitors = await listVisitors(query);
  const canPurge = hasRole(caller.role, "admin") && apiConnection().mode !== "onprem";
  const deleted = typeof params.deleted === "string" ? params.deleted : null;

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
      <VisitorsList query={query} visitors={visitors} fallbackKey={visitorsUrl(query)} />
    </>
  );
}
