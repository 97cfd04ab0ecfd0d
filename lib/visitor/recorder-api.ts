import type { ControlMessage, EventBatch, EventBatchAnswer } from "@/lib/contract";

/** What the service answers to a batch: `snapshot` asks for a fresh full snapshot. */
export type BatchAnswer = Partial<EventBatchAnswer>;

export interface RecorderOptions {
  maskingSelectors: string[];
  /** What of a URL may be sent (the team's redaction rule). */
  redactUrl: (url: string) => string;
  /** Sends one batch; the recorder sends them one at a time, in order. */
  send: (batch: EventBatch) => Promise<BatchAnswer>;
  /** The service refused a batch for good (the session ended). */
  onFatal: () => void;
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
