"use client";

import { Alert } from "@/components/ui/alert";
import { proxySessionPath } from "@/lib/contract/proxy-url";
import { VISITORS_PAGE_SIZE } from "@/lib/console/visitors/query-values";
import type { CoBrowsePermissions } from "@/lib/console/permissions";
import { CoBrowseButton } from "./co-browse-button";
import { useVisitors } from "./use-visitors";

/**
 * Finds the visitor who opened a proxy session link and offers their Co-browse. The console only has
 * the link: Tandem's proxy names the session after it and every proxied page's address holds the
 * session's path (`/s/<id>/`), which the visitor script reports as the visitor's address; the list
 * API's search finds it. A co-browsing service whose proxy names its pages otherwise is never matched,
 * so the form says where else to look rather than claiming to know.
 */
export function ProxyVisitor({ sessionId, defaults }: { sessionId: string; defaults: CoBrowsePermissions }) {
  const path = proxySessionPath(sessionId);
  const { data, error } = useVisitors({ search: path, status: "all", limit: VISITORS_PAGE_SIZE });
  // The search matches text loosely: keep only the visitor whose address really is in this session.
  const visitor = data?.find((candidate) => candidate.last_url?.includes(path));

  if (error) return <Alert>Could not look for the visitor: {error.message}</Alert>;
  if (!visitor) {
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        Waiting for the visitor to open the link… They will also appear in Visitors, where you can co-browse them as anyone else.
      </p>
    );
  }
  if (visitor.is_online === false) {
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="proxy-visitor">
        Visitor {visitor.short_id} opened the link but is no longer online.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="proxy-visitor">
      <p role="status" className="text-sm font-medium">
        Visitor {visitor.short_id} is browsing through the proxy.
      </p>
      <CoBrowseButton visitorId={visitor.short_id} defaults={defaults} />
    </div>
  );
}
