import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/console/page-header";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ProxyLinkForm } from "@/components/visitors/proxy-link-form";
import { VisitorActions } from "@/components/visitors/visitor-actions";
import { visitorDisplayName } from "@/components/visitors/visitor-badges";
import { VisitorFields } from "@/components/visitors/visitor-fields";
import { VisitorHistory } from "@/components/visitors/visitor-history";
import { VisitorSessions } from "@/components/visitors/visitor-sessions";
import { apiConnection } from "@/lib/console/api";
import { describeApiError } from "@/lib/console/api-errors";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES, mayOpen } from "@/lib/console/pages";
import { coBrowseDefaults } from "@/lib/console/permissions";
import { hasRole } from "@/lib/console/auth/roles";
import { getConsoleSettings } from "@/lib/console/settings/console-settings";
import { visitorPresence } from "@/lib/console/visitors/presence";
import { findVisitor } from "@/lib/console/visitors/read-visitors";
import { getDb } from "@/lib/db";

type Props = { params: Promise<{ id: string }> };

function visitorId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return { title: `Visitor ${visitorId((await props.params).id)}` };
}

export default async function VisitorPage(props: Props) {
  const caller = await requirePage(CONSOLE_PAGES.visitor);
  const id = visitorId((await props.params).id);
  let visitor;
  try {
    visitor = await findVisitor(id);
  } catch (error) {
    return (
      <>
        <PageHeader title={`Visitor ${id}`} />
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>The visitor could not be loaded. {describeApiError(error)}</span>
          <Link href={`/visitors/${encodeURIComponent(id)}`} className={buttonClass("secondary")}>
            Try again
          </Link>
        </Alert>
      </>
    );
  }
  // No loading state wraps this page (nor the console's pages above it): the status is sent after this
  // lookup, so a visitor that does not exist answers 404, not a 200 that streams a "not found".
  if (!visitor) notFound();

  const onprem = apiConnection().mode === "onprem";
  const { defaultPermissions } = await getConsoleSettings(await getDb());
  const coBrowseOptions = coBrowseDefaults(defaultPermissions);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/visitors" className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
          ← Visitors
        </Link>
      </p>
      <PageHeader title={visitorDisplayName(visitor)} description={`Visitor ${visitor.short_id}`} />
      {/* Actions come first on every width: beside the details on wide screens, above them on narrow ones. */}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem] xl:grid-rows-[auto_1fr]">
        <Card aria-labelledby="visitor-actions" className="min-w-0 xl:col-start-2 xl:row-start-1">
          <CardTitle id="visitor-actions" className="mb-4">
            Actions
          </CardTitle>
          <VisitorActions
            visitorId={visitor.short_id}
            presence={visitorPresence(visitor)}
            canStop={!onprem}
            canDelete={!onprem && hasRole(caller.role, "admin")}
            defaults={coBrowseOptions}
          />
        </Card>
        <div className="flex min-w-0 flex-col gap-6 xl:col-start-1 xl:row-span-2 xl:row-start-1">
          <Card aria-labelledby="visitor-details">
            <CardTitle id="visitor-details" className="mb-4">
              Details
            </CardTitle>
            <VisitorFields visitor={visitor} />
          </Card>
          <Card aria-labelledby="visitor-history">
            <CardTitle id="visitor-history" className="mb-4">
              History
            </CardTitle>
            <VisitorHistory history={visitor.history} />
          </Card>
          <Card aria-labelledby="visitor-sessions">
            <CardTitle id="visitor-sessions" className="mb-4">
              Sessions
            </CardTitle>
            <VisitorSessions sessions={visitor.sessions} linkAgents={mayOpen(caller.role, CONSOLE_PAGES.agent)} />
          </Card>
        </div>
        <Card aria-labelledby="proxy-link" className="min-w-0 xl:col-start-2 xl:row-start-2">
          <CardTitle id="proxy-link" className="mb-4">
            Proxy session link
          </CardTitle>
          <ProxyLinkForm coBrowseDefaults={coBrowseOptions} />
        </Card>
      </div>
    </>
  );
}
