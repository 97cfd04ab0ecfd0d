/**
 * The agent's input aimed into a cross-origin frame that joined the page's visitor: the page cannot
 * reach into it, so it passes the message on over the frame bridge, its point moved into the frame's
 * viewport, and the frame's own script plays it (under the frame's masking). A click goes by its point
 * (id 0): the page's ids of the frame's nodes are not the frame's.
 */
import type { ControlMessage } from "@/lib/contract";

/** What may be passed into a frame: the agent's mouse and keyboard, nothing that navigates or draws. */
const FORWARDED = ["click", "hover", "drag", "scroll", "key", "type"];

/** A message the frame will play: of a kind passed on, its point and text of the right types. */
export function isForwardable(message: unknown): message is ControlMessage {
  const candidate = message as { tool?: unknown; x?: unknown; y?: unknown; key?: unknown; text?: unknown } | null;
  if (typeof candidate !== "object" || candidate === null || !FORWARDED.includes(candidate.tool as string)) return false;
  const number = (value: unknown) => value === undefined || Number.isFinite(value);
  if (candidate.tool === "key") return typeof candidate.key === "string";
  if (candidate.tool === "type") return typeof candidate.text === "string";
  return number(candidate.x) && number(candidate.y);
}

/** The frame's element when it shows another origin's page (the page cannot reach into it). */
export function crossOriginFrame(element: Element | null | undefined): HTMLIFrameElement | null {
  if (element?.localName !== "iframe") return null;
  try {
    return (element as HTMLIFrameElement).contentDocument ? null : (element as HTMLIFrameElement);
  } catch {
    return element as HTMLIFrameElement;
  }
}
