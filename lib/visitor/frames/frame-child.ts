import { collectRoutes } from "@/lib/contract/endpoints/collect-routes";
import type { ScriptConfig } from "../config";
import { frameMessageKind, postToListed, type FrameMessage } from "./frame-messages";
import { isForwardable } from "./frame-control";
import { loadRecorder } from "../bundles/load-recorder";
import type { Recording } from "../bundles/recorder-api";
import type { ClosedShadowRoots } from "../closed-shadow-roots";
import type { Post } from "../transport";

/** How long a frame whose parent's origin is unknown waits for a page to take it in before it registers on its own. */
const UNKNOWN_PARENT_WAIT_MS = 3000;

/** The origin of the page embedding this frame, where the browser tells it. */
function parentOrigin(): string | null {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors?.length) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * The script in a cross-origin frame. When the embedding page is one of the team's `frameOrigins`, the
 * frame registers no visitor: it joins the page's, and records itself (masked here, by the team's
 * rules) into the page's recording when the page asks. A frame in any other page is a visitor of its own.
 */
export async function joinParentFrame(options: {
  config: ScriptConfig;
  post: Post;
  shadowRoots: ClosedShadowRoots;
  registerInstead: () => void;
}): Promise<void> {
  const { settings } = await options.post(collectRoutes.frameSettings, { publicKey: options.config.publicKey });
  const listed = settings.frameOrigins;
  const parent = window.parent;
  const known = parentOrigin();
  if (listed.length === 0 || (known !== null && !listed.includes(known))) return options.registerInstead();

  let joinedOrigin: string | null = null;
  let recording: Recording | null = null;
  let recordingWanted = false;
  const fallback = known === null ? setTimeout(() => joinedOrigin ?? options.registerInstead(), UNKNOWN_PARENT_WAIT_MS) : undefined;

  const startRecording = async (origin: string) => {
    recordingWanted = true;
    const recorder = await loadRecorder(options.config.baseUrl);
    if (!recordingWanted || recording) return;
    recording = recorder.start({
      maskingSelectors: settings.maskingSelectors,
      canvasCapture: settings.canvasCapture,
      closedShadowRoot: options.shadowRoots.of,
      redactUrl: (url) => url,
      // rrweb's messages, to the page's origin only: a page at another origin never receives them.
      postToParent: (message) => parent.postMessage(message, origin),
    });
  };

  addEventListener("message", (event) => {
    const kind = frameMessageKind(event.data);
    if (!kind || event.source !== parent || !listed.includes(event.origin)) return;
    if (joinedOrigin !== null && event.origin !== joinedOrigin) return;
    if (kind === "ready") return postToListed(parent, "hello", [event.origin]);
    if (kind === "join") {
      joinedOrigin = event.origin;
      return clearTimeout(fallback);
    }
    if (joinedOrigin === null) return;
    if (kind === "record") void startRecording(joinedOrigin).catch((error) => console.error(error));
    else if (kind === "snapshot") recording?.snapshot();
    else if (kind === "control") {
      // The agent's input the page passed on: applied here, under this frame's own masking.
      const message = (event.data as FrameMessage).control;
      if (recording && isForwardable(message)) recording.control(message);
    } else if (kind === "stop") {
      recordingWanted = false;
      recording?.stop();
      recording = null;
    }
  });
  // Only a listed page receives the hello.
  postToListed(parent, "hello", listed);
}
