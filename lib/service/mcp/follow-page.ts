import type { AgentMessage, RecordedEvent } from "@/lib/contract";
import type { LiveRelay } from "../live/relay";
import { PageTree } from "./page-tree";
import { runSliced } from "./sliced-work";

export interface PageNews {
  /** The page changed (the tree already holds the change); `reset`: it is a new snapshot of the page. */
  changed(reset: boolean): void;
  status(status: string): void;
  ended(reason: string): void;
}

export interface FollowedPage {
  tree: PageTree;
  /** Resolves once every change received so far is in the tree. */
  applied(): Promise<void>;
  /** Runs `work` while no change is applied: a reader sees one version of the page throughout. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  stop(): void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keeps a copy of the session's page following it through the live relay, as a watch page's stream does:
 * the stored snapshot and its tail first, then every change, from whichever app node the visitor's page
 * talks to. The relay hands each batch over on the visitor's own request; here it is only queued, and
 * applied after that request is answered, a slice of work at a time. A batch holding a new snapshot
 * makes the batches queued before it moot: they are dropped unread.
 */
export async function followPage(relay: LiveRelay, sessionId: string, news: PageNews): Promise<FollowedPage> {
  const tree = new PageTree();
  let queue: { events: RecordedEvent[]; reset: boolean }[] = [];
  let draining: Promise<void> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  const drain = async () => {
    await nextTurn();
    while (queue.length) {
      const { events, reset } = queue.shift()!;
      try {
        if (await exclusive(() => runSliced(tree.applySteps(events)))) news.changed(reset);
      } catch (error) {
        console.error("mcp: a change of the page could not be applied", error);
      }
    }
    draining = null;
  };
  const unsubscribe = await relay.subscribeSession(sessionId, (message: AgentMessage) => {
    if (message.type === "events") {
      if (message.reset) queue = [];
      queue.push({ events: message.events, reset: message.reset });
      draining ??= drain();
    } else if (message.type === "status") news.status(message.status);
    else if (message.type === "ended") news.ended(message.reason);
  });
  return {
    tree,
    applied: async () => {
      while (draining) await draining;
    },
    exclusive,
    stop: () => {
      queue = [];
      unsubscribe();
    },
  };
}
