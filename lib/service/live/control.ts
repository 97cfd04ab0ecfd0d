import "server-only";
import type { ControlMessage } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { FEATURE_OF, requireTools } from "../sessions/permissions";
import { recordFeature, type SessionRow } from "../sessions/record";
import { liveRelay } from "./node-relay";

type Controlled = Pick<SessionRow, "id" | "visitorId" | "permissions">;

/** Refuses (403) the controls unless the session's watch link allows each of their tools. */
export function requireControls(session: Controlled, controls: readonly ControlMessage[]): void {
  requireTools(
    session.permissions,
    controls.map((control) => control.tool),
  );
}

/**
 * Uses the agents' tools on the visitor's page, from the watch page or an AI agent: each checked first
 * (nothing is recorded or sent when one is refused), then counted in features_used and sent on the
 * control path (`beforeSend` just before each leaves).
 */
export async function sendControls(
  db: Db,
  session: Controlled,
  controls: readonly ControlMessage[],
  beforeSend?: (control: ControlMessage) => void,
): Promise<void> {
  requireControls(session, controls);
  for (const control of controls) {
    await recordFeature(db, session.id, FEATURE_OF[control.tool]);
    beforeSend?.(control);
    await liveRelay().publishToVisitor(session.visitorId, { type: "control", sessionId: session.id, control });
  }
}
