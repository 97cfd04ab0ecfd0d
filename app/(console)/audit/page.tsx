import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { PageHeader } from "@/components/console/page-header";
import { requirePageCaller } from "@/lib/console/caller";

export const metadata: Metadata = { title: "Audit" };

export default async function AuditPage() {
  await requirePageCaller("lead");
  return (
    <>
      <PageHeader title="Audit" description="Who did what, and when." />
      <ComingSoon>Every sign-in, co-browse link, stopped session, deleted visitor, purge and setting change, filterable and exportable, will be here.</ComingSoon>
    </>
  );
}
