import { requirePage } from "@/lib/console/auth/caller";
import type { ConsolePage } from "@/lib/console/pages";

/**
 * A segment's layout that checks the page's role as well as the page does: a layout renders before the
 * page's loading state streams, so a caller without the role gets a 403 answer, not a 200 page that says no.
 */
export function pageLayout(page: ConsolePage) {
  return async function PageLayout({ children }: { children: React.ReactNode }) {
    await requirePage(page);
    return children;
  };
}
