import "server-only";
import { liveRelay } from "../live/node-relay";
import { attendSession } from "../live/stream-presence";
import { followPage } from "./follow-page";
import { pageLines, readPage, type PageRead } from "./page-text";
import type { PageTree } from "./page-tree";

/**
 * The AI agents' copies of their sessions' pages, one per session on this app node. Each follows the
 * session through the live relay exactly as a watch page does (the stored snapshot and its tail first,
 * then every change), so it works whichever node the visitor's page talks to. While a copy is kept the
 * session counts as attended; a copy nobody read for IDLE_MS is dropped, and the session then ends like
 * one whose watch page was closed.
 */
export const IDLE_MS = 5 * 60_000;
/** How long a page that left reads as loading, at most, when no next page comes. */
export const LOADING_MS = 15_000;

export interface PageMirror {
  sessionId: string;
  tree: PageTree;
  /** Set once the relay says the session ended (its reason). */
  readonly ended: string | null;
  /** The visitor's status as last broadcast. */
  readonly status: string | null;
  /**
   * The visitor's page is between two pages: it left (its stream closed) or was sent elsewhere, and the
   * next page's snapshot has not come yet (for at most LOADING_MS).
   */
  readonly loading: boolean;
  /** The agent sent the page elsewhere: it reads as loading until the next page comes. */
  markLoading(): void;
  /** Resolves the next time the page (or the session's state) changes. */
  nextChange(timeoutMs: number): Promise<boolean>;
  touch(): void;
  /** Resolves once every change received so far is in the tree. */
  applied(): Promise<void>;
  /** Runs `work` while no change is applied: one version of the page throughout. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
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
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const state: { ended: string | null; status: string | null; loadingSince: number | null } = { ended: null, status: null, loadingSince: null };
  const page = await followPage(liveRelay(), sessionId, {
    changed: (reset) => {
      if (reset) state.loadingSince = null;
      wake();
    },
    status: (status) => {
      state.status = status;
      if (status === "disconnected") state.loadingSince = Date.now();
      wake();
    },
    ended: (reason) => {
      state.ended = reason;
      wake();
    },
  });
  const leave = attendSession(sessionId, (reason) => {
    state.ended = reason;
    wake();
  });
  const mirror: Held = {
    sessionId,
    tree: page.tree,
    get ended() {
      return state.ended;
    },
    get status() {
      return state.status;
    },
    get loading() {
      return state.loadingSince !== null && Date.now() - state.loadingSince < LOADING_MS;
    },
    markLoading: () => {
      state.loadingSince = Date.now();
    },
    waiters,
    lastUsed: Date.now(),
    applied: page.applied,
    exclusive: page.exclusive,
    close: () => {
      leave();
      page.stop();
      wake();
    },
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

/** How long a read waits for changes still being applied; past it, it reads the page as it stands. */
export const APPLY_WAIT_MS = 3000;

async function caughtUp(mirror: PageMirror): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([mirror.applied(), new Promise((resolve) => (timer = setTimeout(resolve, APPLY_WAIT_MS)))]);
  clearTimeout(timer);
}

/** The page's lines as of the changes received so far, all of one version. */
export async function mirrorLines(mirror: PageMirror): Promise<string[]> {
  await caughtUp(mirror);
  return mirror.exclusive(() => pageLines(mirror.tree));
}

/** A read of the page as of the changes received so far (see readPage). */
export async function mirrorRead(mirror: PageMirror, cursor?: number, maxChars?: number): Promise<PageRead> {
  await caughtUp(mirror);
  return mirror.exclusive(() => readPage(mirror.tree, cursor, maxChars));
}
