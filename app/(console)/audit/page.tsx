import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { AuditFiltersForm } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";
import { TableSkeleton } from "@/components/ui/skeleton";
import { PageHeader } from "@/components/console/page-header";
import { buttonClass } from "@/components/ui/button";
import { auditFiltersQuery, parseAuditFilters } from "@/lib/console/audit-log/filters";
import { ACTION_LABELS } from "@/lib/console/audit-log/labels";
import { auditActions } from "@/lib/console/audit-log/query";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";
import { readUrl } from "@/lib/console/reads/define";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Audit" };

export default async function AuditPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePage(CONSOLE_PAGES.audit);
  await connection();
  const filters = parseAuditFilters(await props.searchParams);
  const { page: _page, ...exportFilters } = filters;
  // Every labelled action can be chosen, and any other that occurs in the log.
  const actions = [...new Set([...Object.keys(ACTION_LABELS), ...(await auditActions(await getDb()))])];

  return (
    <>
      <PageHeader title="Audit" description="Who did what, when (UTC) and from where, newest first.">
        <a href={readUrl(READ_ROUTES.auditCsv, { query: exportFilters })} download className={buttonClass("secondary")}>
          Download CSV
        </a>
      </PageHeader>
      <AuditFiltersForm filters={filters} actions={actions} />
      <Suspense key={auditFiltersQuery(filters)} fallback={<TableSkeleton label="Loading audit events" rows={8} />}>
        <AuditTable filters={filters} />
      </Suspense>
    </>
  );
}
