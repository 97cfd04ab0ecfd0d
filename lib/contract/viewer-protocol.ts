/**
 * What an embedded watch page (a `page_only` watch link in an iframe, or the embeddable viewer's frame)
 * and the page around it say to each other with postMessage (docs/embedding.md). Plain types, no zod:
 * the viewer's script (lib/viewer) and the watch page (components/watch) both import it.
 */

/** The session as the page around the frame follows it. */
export interface ViewerState {
  /** `waiting`: the visitor's page is not there yet, or the visitor is being asked to accept; `active`: live. */
  status: "waiting" | "active" | "ended";
  visitor: { id: string; name?: string };
  /** Who watches: the session's agents. */
  viewers: { name: string }[];
}

/** What the host's mouse does on the mirror: nothing (`view`), act on the page, draw, or point. */
export type ViewerMode = "view" | "control" | "draw" | "pointer";
export const VIEWER_MODES: readonly ViewerMode[] = ["view", "control", "draw", "pointer"];

/** The frame to the page around it. */
export type FrameMessage =
  | { type: "tandem.sessionState.update"; state: ViewerState }
  | { type: "tandem.sessionEnded"; reason: string }
  /** The viewer's frame is ready for its token (the embeddable viewer only). */
  | { type: "tandem.viewer.ready"; sessionId: string }
  | { type: "tandem.error"; code: string; message: string };

/** The embeddable viewer hands its frame the viewer token: never in an address. */
export interface StartViewerMessage {
  type: "tandem.viewer.start";
  token: string;
}

export const isFrameMessage = (data: unknown): data is FrameMessage =>
  !!data && typeof data === "object" && typeof (data as { type?: unknown }).type === "string" && (data as { type: string }).type.startsWith("tandem.");
