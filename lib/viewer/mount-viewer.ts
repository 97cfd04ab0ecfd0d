import { isFrameMessage, VIEWER_MODES, type FrameMessage, type StartViewerMessage, type ViewerMode, type ViewerState } from "../contract/viewer-protocol";

export type { ViewerMode, ViewerState };

export interface ViewerOptions {
  /** A v1.4 viewer token, minted by the host's server (POST /v1.4/visitors/{id}/viewer_token). */
  token: string;
  /** Tandem's origin: the token answer's `endpoint`. */
  endpoint: string;
  /** The frame's accessible name. */
  title?: string;
  /** How long the viewer may take to start before it reports `not_started` (default 15 s). */
  startTimeoutMs?: number;
}

export interface ViewerEvents {
  state: ViewerState;
  ended: { reason: string };
  error: { code: string; message: string };
}

export interface Viewer {
  /** Listens to an event; returns a function that stops listening. */
  on<K extends keyof ViewerEvents>(event: K, handler: (detail: ViewerEvents[K]) => void): () => void;
  /** What the host's mouse does on the visitor's page: `view` (nothing), `control`, `draw` or `pointer`. */
  setMode(mode: ViewerMode): void;
  /** Ends the session for everyone. */
  end(): void;
  /** Removes the viewer from the page (the session goes on until ended, or until no viewer is left). */
  destroy(): void;
}

/** How long the frame may take to load and ask for its token before the viewer reports it could not start. */
const START_TIMEOUT_MS = 15_000;

/** The session a viewer token opens: named in its signed payload (read here, checked by Tandem). */
function sessionOf(token: string): string {
  const payload = token.split(".")[1];
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { sid?: unknown };
    if (typeof claims.sid === "string" && claims.sid) return claims.sid;
  } catch {
    // reported below
  }
  throw new TypeError("mountViewer: `token` is not a Tandem viewer token");
}

/**
 * Shows the visitor's live page inside `element`: Tandem's watch page in a frame of Tandem's origin
 * (the same mirror, tools, masking and consent; no cookie; allowed only on the team's embed origins),
 * handed the token by postMessage, never in an address. The host drives it and follows it through the
 * returned object; no key and no visitor data other than what the events carry reach the host's page.
 */
export function mountViewer(element: HTMLElement, options: ViewerOptions): Viewer {
  const origin = new URL(options.endpoint).origin;
  const sessionId = sessionOf(options.token);
  const handlers: { [K in keyof ViewerEvents]: Set<(detail: ViewerEvents[K]) => void> } = { state: new Set(), ended: new Set(), error: new Set() };
  const emit = <K extends keyof ViewerEvents>(event: K, detail: ViewerEvents[K]) => handlers[event].forEach((handler) => handler(detail));

  const frame = document.createElement("iframe");
  frame.title = options.title ?? "The visitor's page";
  frame.referrerPolicy = "no-referrer";
  frame.allow = "microphone; camera";
  frame.style.cssText = "display:block;width:100%;height:100%;border:0";
  frame.src = `${origin}/watch/session/${encodeURIComponent(sessionId)}`;

  let started = false;
  let ended = false;
  const send = (message: StartViewerMessage | Record<string, unknown>) => frame.contentWindow?.postMessage(message, origin);
  const notStarted = setTimeout(
    () => emit("error", { code: "not_started", message: "The viewer did not start: check that this page's origin is one of the team's embed origins." }),
    options.startTimeoutMs ?? START_TIMEOUT_MS,
  );

  function receive(event: MessageEvent) {
    if (event.source !== frame.contentWindow || event.origin !== origin || !isFrameMessage(event.data)) return;
    const message: FrameMessage = event.data;
    if (message.type === "tandem.viewer.ready") {
      clearTimeout(notStarted);
      // The token starts one viewer, once: a frame that asks again (reloaded) has its own credential.
      if (!started) send({ type: "tandem.viewer.start", token: options.token });
      started = true;
    } else if (message.type === "tandem.sessionState.update") {
      clearTimeout(notStarted);
      emit("state", message.state);
    } else if (message.type === "tandem.sessionEnded") {
      if (ended) return;
      ended = true;
      emit("ended", { reason: message.reason });
    } else if (message.type === "tandem.error") {
      clearTimeout(notStarted);
      emit("error", { code: message.code, message: message.message });
    }
  }
  window.addEventListener("message", receive);
  element.append(frame);

  return {
    on(event, handler) {
      handlers[event].add(handler);
      return () => void handlers[event].delete(handler);
    },
    setMode(mode) {
      if (!VIEWER_MODES.includes(mode)) throw new TypeError(`setMode: ${String(mode)} is not one of ${VIEWER_MODES.join(", ")}`);
      send({ action: "setTool", tool: mode });
    },
    end() {
      send({ action: "endSession" });
    },
    destroy() {
      clearTimeout(notStarted);
      window.removeEventListener("message", receive);
      for (const set of Object.values(handlers)) set.clear();
      frame.remove();
    },
  };
}
