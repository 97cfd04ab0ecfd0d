import "server-only";
import type { ControlMessage } from "@/lib/contract";
import type { ChangeOutput } from "@/lib/contract/mcp";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { requireControls, sendControls } from "../live/control";
import { aiSession, handedOver, type AiCaller } from "./ai-sessions";
import { isMaskedNode, isPassword } from "./page-roles";
import { diffLines, pageLines } from "./page-text";
import { mirrorOf, type PageMirror } from "./page-mirrors";

/** How long an action waits for the page to show its effect before answering (the next read sees it). */
export const SETTLE_MS = 1500;

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

export async function changeSince(mirror: PageMirror, before: string[] | null, timeoutMs: number, sinceVersion?: number): Promise<ChangeOutput> {
  const start = sinceVersion ?? mirror.tree.version;
  let changed = mirror.tree.version > start;
  const deadline = Date.now() + timeoutMs;
  while (!changed && !mirror.ended && Date.now() < deadline) {
    await mirror.nextChange(deadline - Date.now());
    changed = mirror.tree.version > start;
  }
  const after = pageLines(mirror.tree);
  const { added, removed } = before ? diffLines(before, after) : { added: [], removed: [] };
  return { changed, version: mirror.tree.version, added, removed, status: mirror.ended ? "ended" : mirror.status };
}

/**
 * Uses the agent's tools on the visitor's page, as the watch page's control endpoint does: each refused
 * (403, nothing sent) when the session's permissions do not allow it, each counted in features_used,
 * sent on the same control path. Answers once the page changed (or after SETTLE_MS) with what changed.
 */
export async function act(db: Db, caller: AiCaller, sessionId: string, controls: ControlMessage[], refs: number[] = []): Promise<ChangeOutput> {
  const session = await aiSession(db, caller, sessionId);
  if (session.status !== "ongoing") throw new ServiceError("session_ended", "The session has ended.");
  if (handedOver(session)) throw new ServiceError("permission_denied", "The session was handed over to a person: the AI agent only reads.");
  requireControls(session, controls);
  const mirror = await ongoingMirror(sessionId);
  for (const ref of refs) actionableRef(mirror, ref);
  const before = pageLines(mirror.tree);
  const version = mirror.tree.version;
  await sendControls(db, session, controls);
  return changeSince(mirror, before, SETTLE_MS, version);
}
