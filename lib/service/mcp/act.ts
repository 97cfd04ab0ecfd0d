import "server-only";
import type { ControlMessage } from "@/lib/contract";
import type { ChangeOutput } from "@/lib/contract/mcp";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { requireControls, sendControls } from "../live/control";
import { aiSession, handedOver, type AiCaller } from "./ai-sessions";
import { isMaskedNode, isPassword } from "./page-roles";
import { diffLines, pageTitle } from "./page-text";
import { mirrorLines, mirrorOf, type PageMirror } from "./page-mirrors";

/** How long an action waits for the page to show its effect at all. */
export const SETTLE_MS = 1500;
/** Once it changed, how long the page must stay still to be settled (a batch of the visitor script is 50 ms). */
export const QUIET_MS = 250;
/** The longest an action waits in all, a new page's load included. */
export const ACTION_WAIT_MS = 8000;

/** The session's copy of the page, for reading: any AI session of the team, ongoing or handed over. */
export async function readableMirror(db: Db, caller: AiCaller, sessionId: string): Promise<PageMirror> {
  const session = await aiSession(db, caller, sessionId);
  if (session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  return ongoingMirror(sessionId);
}

async function ongoingMirror(sessionId: string): Promise<PageMirror> {
  const mirror = await mirrorOf(sessionId);
  if (mirror.ended) throw new ServiceError("session_ended", `The session has ended (${mirror.ended}).`);
  return mirror;
}

/** The element `ref` as the agent may act on it: present on the page, and not masked. */
export function actionableRef(mirror: PageMirror, ref: number): void {
  const node = mirror.tree.node(ref);
  if (!node) throw new ServiceError("not_found", `No element [ref=${ref}] on the page now: read_page again.`);
  for (let up: typeof node | null = node; up; up = up.parent) {
    if (isMaskedNode(up) || isPassword(up)) throw new ServiceError("permission_denied", `The element [ref=${ref}] is masked: it cannot be acted on.`);
  }
}

/** What the agent sees of the page at one moment: its lines and its header. */
interface Look {
  lines: string[];
  url: string;
  title: string;
  scroll: { x: number; y: number };
}

async function look(mirror: PageMirror): Promise<Look> {
  const lines = await mirrorLines(mirror);
  return { lines, url: mirror.tree.url, title: pageTitle(mirror.tree), scroll: { ...mirror.tree.scroll } };
}

function differs(before: Look, after: Look): boolean {
  if (before.url !== after.url || before.title !== after.title || before.scroll.x !== after.scroll.x || before.scroll.y !== after.scroll.y) return true;
  return before.lines.length !== after.lines.length || before.lines.some((line, index) => line !== after.lines[index]);
}

function answer(mirror: PageMirror, before: Look | null, after: Look): ChangeOutput {
  const { added, removed } = before ? diffLines(before.lines, after.lines) : { added: [], removed: [] };
  return {
    changed: before ? differs(before, after) : false,
    version: mirror.tree.version,
    url: after.url,
    title: after.title,
    scroll: after.scroll,
    loading: mirror.loading,
    added,
    removed,
    status: mirror.ended ? "ended" : mirror.status,
  };
}

/**
 * Waits until what the agent sees changed from `before` (at most `firstMs`), then until the page has
 * been still for QUIET_MS and any new page has come (at most ACTION_WAIT_MS in all), and answers with
 * what changed in between: an action's own effect, not the one before it. Changes the agent cannot see
 * (Tandem's own pointer, a style) do not count.
 */
export async function settledChange(mirror: PageMirror, before: Look | null, firstMs: number, sinceVersion?: number): Promise<ChangeOutput> {
  const start = Date.now();
  const first = start + firstMs;
  const last = start + Math.max(firstMs, ACTION_WAIT_MS);
  let seen = sinceVersion ?? mirror.tree.version;
  let current = before ?? (await look(mirror));
  let changed = sinceVersion !== undefined && mirror.tree.version > sinceVersion;
  while (!changed && !mirror.ended && Date.now() < first) {
    await mirror.nextChange(first - Date.now());
    if (mirror.tree.version === seen && !mirror.loading) continue;
    seen = mirror.tree.version;
    current = await look(mirror);
    changed = mirror.loading || !before || differs(before, current);
  }
  if (changed) {
    // Settled: still for QUIET_MS, and not between two pages.
    while (!mirror.ended && Date.now() < last) {
      const moved = await mirror.nextChange(Math.min(QUIET_MS, last - Date.now()));
      if (!moved && !mirror.loading) break;
    }
    current = await look(mirror);
  }
  return answer(mirror, before, current);
}

/**
 * Uses the agent's tools on the visitor's page, as the watch page's control endpoint does: each refused
 * (403, nothing sent) when the session's permissions do not allow it, each counted in features_used,
 * sent on the same control path. Answers once the page settled, with what the action changed.
 */
export async function act(db: Db, caller: AiCaller, sessionId: string, controls: ControlMessage[], refs: number[] = []): Promise<ChangeOutput> {
  const session = await aiSession(db, caller, sessionId);
  if (session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  if (handedOver(session)) throw new ServiceError("permission_denied", "The session was handed over to a person: the AI agent only reads.");
  requireControls(session, controls);
  const mirror = await ongoingMirror(sessionId);
  for (const ref of refs) actionableRef(mirror, ref);
  const before = await look(mirror);
  // A navigation's new page is awaited as a load, not taken for the change as the old page unloads.
  await sendControls(db, session, controls, (control) => {
    if (control.tool === "navigate" || control.tool === "reload") mirror.markLoading();
  });
  return settledChange(mirror, before, SETTLE_MS);
}

export { look };
