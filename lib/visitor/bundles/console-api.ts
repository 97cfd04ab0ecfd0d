import type { Emitter } from "../emitter";
import type { Post } from "../transport";

/** What cobrowse-console.js takes from the base script's live session. */
export interface ConsoleHost {
  /** The service's address: the script's own requests are not the page's. */
  baseUrl: string;
  post: Post;
  /** The team's masking selectors: the text of masked elements never leaves the page. */
  maskingSelectors: () => string[];
  /** What of a URL may be sent (the team's redaction rule). */
  redactUrl: (url: string) => string;
  /** Its `session_ended` stops the capture. */
  emitter: Emitter;
}

/** Starts sending the page's console to the session's agents, until the session ends. */
export type ConsoleModule = (host: ConsoleHost, sessionId: string) => void;

/** cobrowse-console.js puts itself here when it loads. */
export const CONSOLE_GLOBAL = "__tandemConsole";
