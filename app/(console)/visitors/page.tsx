import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { PageHeader } from "@/components/console/page-header";
import { requirePageCaller } from "@/lib/console/caller";

export const metadata: Metadata = { title: "Visitors" };

export default async function VisitorsPage() {
  await requirePageCaller("agent");
  return (
    <>
      <PageHeader title="Visitors" description="Find a visitor and start co-browsing." />
      <ComingSoon>A search box that takes the whole search grammar (email, online, ip:, id:, lookup code, #tag, integration_id:), an online filter and a live table of visitors will be here.</ComingSoon>
    </>
  );
}
