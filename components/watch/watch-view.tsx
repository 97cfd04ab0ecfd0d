import type { WatchSession } from "@/lib/contract";
import { LiveWatch } from "./live-watch";
import { PageOnlyWatch } from "./embed/page-only-watch";

/** The session as its link asked to show it: the full watch page, or the page alone for an iframe. */
export function WatchView({ session }: { session: WatchSession }) {
  return session.branding.naked === "page_only" ? <PageOnlyWatch {...session} /> : <LiveWatch {...session} />;
}
