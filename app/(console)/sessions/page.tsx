import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/console/page-header";
import { SessionsList } from "@/components/sessions/sessions-list";
import { SessionsTableSkeleton } from "@/components/sessions/table/skeleton";
import { requirePage } from "@/lib/console/auth/caller";
import { hasRole } from "@/lib/console/auth/roles";
import { CONSOLE_PAGES } from "@/lib/console/pages";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage() {
  const caller = await requirePage(CONSOLE_PAGES.sessions);
  const everyone = hasRole(caller.role, "lead");
  return (
    <>
      <PageHeader
        title="Sessions"
        description={
          everyone
            ? "Your team's co-browsing sessions, latest first: open one for its notes, ratings and what happened. Times are UTC."
            : "Your co-browsing sessions, latest first: open one to finish its notes or rate it. Times are UTC."
        }
      />
      <Suspense fallback={<SessionsTableSkeleton />}>
        <SessionsList caller={caller} />
      </Suspense>
    </>
  );
}
