/**
 * The bridge between a page and the cross-origin frames in it that run the visitor script. Messages go
 * only to origins in the team's `frameOrigins` (postMessage's target origin), and each side takes them
 * only from the window it expects (`event.source`) at a listed origin (`event.origin`).
 *
 * - frame → page: `hello` (I run the script); the frame's recording, as rrweb's own messages.
 * - page → frame: `ready` (say hello), `join` (you are part of my visitor: do not register), `record`,
 *   `snapshot` (send your page again), `stop`, `control` (the agent's input aimed into the frame, its
 *   point in the frame's viewport).
 */
import type { ControlMessage } from "@/lib/contract";

export const FRAME_CHANNEL = "tandem.frame";

export type FrameMessageKind = "hello" | "ready" | "join" | "record" | "snapshot" | "stop" | "control";

export interface FrameMessage {
  channel: typeof FRAME_CHANNEL;
  kind: FrameMessageKind;
  control?: ControlMessage;
}

export function frameMessage(kind: FrameMessageKind, control?: ControlMessage): FrameMessage {
  return control ? { channel: FRAME_CHANNEL, kind, control } : { channel: FRAME_CHANNEL, kind };
}

export function frameMessageKind(data: unknown): FrameMessageKind | null {
  const message = data as Partial<FrameMessage> | null;
  return typeof message === "object" && message?.channel === FRAME_CHANNEL && typeof message.kind === "string" ? message.kind : null;
}

/** Posts to each listed origin: the browser delivers it only if the window is at one of them. */
export function postToListed(target: Window, kind: FrameMessageKind, origins: string[]): void {
  for (const origin of origins) target.postMessage(frameMessage(kind), origin);
}
