import type { ControlMessage, EventBatch, EventBatchAnswer } from "@/lib/contract";

/** What the service answers to a batch: `snapshot` asks for a fresh full snapshot. */
export type BatchAnswer = Partial<EventBatchAnswer>;

/** The page's cross-origin frames that joined its visitor (frame-host.ts). */
export interface JoinedFrames {
  /** A message of a frame's recording that may enter this page's. */
  accepts: (event: MessageEvent) => boolean;
  isJoined: (iframe: HTMLIFrameElement) => boolean;
  /** This page was recorded afresh: its frames must send theirs again. */
  onSnapshot: () => void;
  /** Passes the agent's input into a joined frame; false when the frame did not join. */
  control: (iframe: HTMLIFrameElement, message: ControlMessage) => boolean;
}

export interface RecorderOptions {
  maskingSelectors: string[];
  /** What of a URL may be sent (the team's redaction rule). */
  redactUrl: (url: string) => string;
  /** Send 2D canvases as images (the team's setting). */
  canvasCapture: boolean;
  /** The page's closed shadow roots, as the base script kept them. */
  closedShadowRoot: (host: Element) => ShadowRoot | undefined;
  /** A page: sends one batch; the recorder sends them one at a time, in order. */
  send?: (batch: EventBatch) => Promise<BatchAnswer>;
  /** A page: the service refused a batch for good (the session ended). */
  onFatal?: () => void;
  /** A page: its joined cross-origin frames, whose recordings it takes into its own. */
  frames?: JoinedFrames;
  /** A frame that joined its page: each of its recording's messages goes to the page instead of the service. */
  postToParent?: (message: unknown) => void;
}

export interface Recording {
  /** Takes a fresh full snapshot (an agent joined, or a gap was detected). */
  snapshot: () => void;
  /** Applies an agent's tool to the page; refuses masked targets. */
  control: (message: ControlMessage) => void;
  stop: () => void;
}

export interface RecorderModule {
  start: (options: RecorderOptions) => Recording;
}

/** cobrowse-recorder.js puts itself here when it loads. */
export const RECORDER_GLOBAL = "__tandemRecorder";
