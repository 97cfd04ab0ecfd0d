import type { AgentMessage } from "@/lib/contract";
import type { LiveRelay } from "../live/relay";
import type { PageTree } from "./page-tree";

export interface PageNews {
  /** The page changed (the tree already holds the change). */
  changed(): void;
  status(status: string): void;
  ended(reason: string): void;
}

/**
 * Keeps `tree` following the session's page through the live relay, as a watch page's stream does: the
 * stored snapshot and its tail first, then every change, from whichever app node the visitor's page
 * talks to. Returns the unsubscribe.
 */
export function followPage(relay: LiveRelay, sessionId: string, tree: PageTree, news: PageNews): Promise<() => void> {
  return relay.subscribeSession(sessionId, (message: AgentMessage) => {
    if (message.type === "events") {
      if (tree.apply(message.events)) news.changed();
    } else if (message.type === "status") news.status(message.status);
    else if (message.type === "ended") news.ended(message.reason);
  });
}
