import type { ControlMessage } from "@/lib/contract";
import { frameMessage, frameMessageKind, postToListed, type FrameMessageKind } from "./frame-messages";

/**
 * A page's side of the frame bridge: which of its cross-origin frames joined its visitor, and telling
 * them when to record. A frame joins only from a listed origin and only if it is one of this
 * document's iframes; afterwards its recording is taken only from that window at that origin.
 */
export function createFrameHost(options: { origins: () => string[]; onJoinWhileRecording: () => void }) {
  const joined = new Map<Window, string>();
  let recording = false;

  const send = (kind: FrameMessageKind) => {
    for (const [frame, origin] of joined) frame.postMessage(frameMessage(kind), origin);
  };
  const isOwnFrame = (source: MessageEventSource | null) =>
    source !== null && Array.from(document.querySelectorAll("iframe"), (iframe) => iframe.contentWindow).includes(source as Window);

  addEventListener("message", (event) => {
    if (frameMessageKind(event.data) !== "hello" || !options.origins().includes(event.origin) || !isOwnFrame(event.source)) return;
    const frame = event.source as Window;
    const known = joined.get(frame) === event.origin;
    joined.set(frame, event.origin);
    frame.postMessage(frameMessage("join"), event.origin);
    if (!recording) return;
    frame.postMessage(frameMessage("record"), event.origin);
    // A frame that joins during a session replaces the placeholder the agent was shown.
    if (!known) options.onJoinWhileRecording();
  });

  return {
    /** Frames whose script ran before this page's asks for a hello again. */
    announce() {
      for (const iframe of Array.from(document.querySelectorAll("iframe")))
        if (iframe.contentWindow) postToListed(iframe.contentWindow, "ready", options.origins());
    },
    startRecording() {
      recording = true;
      send("record");
    },
    snapshot: () => send("snapshot"),
    stopRecording() {
      recording = false;
      send("stop");
    },
    /** rrweb's message of a frame's recording: from a joined frame, at the origin it joined from, claiming that origin. */
    accepts(event: MessageEvent): boolean {
      const claimed = (event.data as { origin?: unknown } | null)?.origin;
      return event.source !== null && joined.get(event.source as Window) === event.origin && claimed === event.origin;
    },
    isJoined: (iframe: HTMLIFrameElement) => iframe.contentWindow !== null && joined.has(iframe.contentWindow),
    /** The agent's input into a joined frame, to the origin it joined from; false when the frame did not join. */
    control(iframe: HTMLIFrameElement, message: ControlMessage): boolean {
      const frame = iframe.contentWindow;
      const origin = frame && joined.get(frame);
      if (!frame || !origin || !recording) return false;
      frame.postMessage(frameMessage("control", message), origin);
      return true;
    },
  };
}

export type FrameHost = ReturnType<typeof createFrameHost>;
