import "server-only";
import { liveRelay } from "../live/node-relay";
import { attendSession } from "../live/stream-presence";
import { followPage } from "./follow-page";
import { PageTree } from "./page-tree";

/**
 * The AI agents' copies of their sessions' pages, one per session on this app node. Each follows the
 * session through the live relay exactly as a watch page does (the stored snapshot and its tail first,
 * then every change), so it works whichever node the visitor's page talks to. While a copy is kept the
 * session counts as attended; a copy nobody read for IDLE_MS is dropped, and the session then ends like
 * one whose watch page was closed.
 */
export const IDLE_MS = 5 * 60_000;

export interface PageMirror {
  sessionId: string;
  tree: PageTree;
  /** Set once the relay says the session ended (its reason). */
  ended: string | null;
  /** The visitor's status as last broadcast. */
  status: string | null;
  /** Resolves the next time the page (or the session's state) changes. */
  nextChange(timeoutMs: number): Promise<boolean>;
  touch(): void;
}

interface Held extends PageMirror {
  waiters: Set<() => void>;
  lastUsed: number;
  close: () => void;
}

const KEY = Symbol.for("tandem.mcp.page-mirrors");
function held(): Map<string, Promise<Held>> {
  const holder = globalThis as { [KEY]?: Map<string, Promise<Held>> };
  return (holder[KEY] ??= new Map());
}

let sweeper: NodeJS.Timeout | undefined;
function sweep(): void {
  sweeper ??= setInterval(() => {
    const now = Date.now();
    for (const [sessionId, pending] of held()) {
      void pending.then((mirror) => {
        if (now - mirror.lastUsed > IDLE_MS || mirror.ended) dropMirror(sessionId);
      });
    }
  }, 30_000);
  sweeper.unref();
}

async function open(sessionId: string): Promise<Held> {
  const tree = new PageTree();
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const mirror: Held = {
    sessionId,
    tree,
    ended: null,
    status: null,
    waiters,
    lastUsed: Date.now(),
    close: () => {},
    touch: () => {
      mirror.lastUsed = Date.now();
    },
    nextChange: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        const done = (changed: boolean) => {
          clearTimeout(timer);
          waiters.delete(onChange);
          resolve(changed);
        };
        const onChange = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(onChange);
      }),
  };
  const unsubscribe = await followPage(liveRelay(), sessionId, tree, {
    changed: wake,
    status: (status) => {
      mirror.status = status;
      wake();
    },
    ended: (reason) => {
      mirror.ended = reason;
      wake();
    },
  });
  const leave = attendSession(sessionId, (reason) => {
    mirror.ended = reason;
    wake();
  });
  mirror.close = () => {
    leave();
    unsubscribe();
    wake();
  };
  sweep();
  return mirror;
}

/** The copy of the session's page on this node, opened on first use. */
export async function mirrorOf(sessionId: string): Promise<PageMirror> {
  let pending = held().get(sessionId);
  if (!pending) {
    pending = open(sessionId);
    held().set(sessionId, pending);
    pending.catch(() => held().delete(sessionId));
  }
  const mirror = await pending;
  mirror.touch();
  return mirror;
}

/** How long a read waits for parts of the page still coming in slices; past it, it reads what came. */
export const SLICES_WAIT_MS = 5000;

/**
 * The mirror once the parts of the latest snapshot left to slices have all come (or the session ended,
 * or `timeoutMs` passed): a read right after a snapshot then sees the whole page, not only its top.
 */
export async function assembledMirror(mirror: PageMirror, timeoutMs = SLICES_WAIT_MS): Promise<PageMirror> {
  const deadline = Date.now() + timeoutMs;
  while (mirror.tree.assembling && !mirror.ended && Date.now() < deadline) await mirror.nextChange(deadline - Date.now());
  return mirror;
}

export function dropMirror(sessionId: string): void {
  const pending = held().get(sessionId);
  held().delete(sessionId);
  void pending?.then((mirror) => mirror.close());
}

/** How many sessions this node follows for AI agents. */
export function mirrorCount(): number {
  return held().size;
}
