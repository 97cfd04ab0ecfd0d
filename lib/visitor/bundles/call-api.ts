import type { VisitorMessage } from "@/lib/contract";
import type { Emitter } from "../emitter";
import type { Post } from "../transport";

/** What the base script hands cobrowse-call.js when an agent first rings: its transport and the page's events. */
export interface CallContext {
  post: Post;
  emitter: Emitter;
}

/** Each call message of the stream, as it comes (a `ring` starts a call). */
export type CallReceiver = (message: Extract<VisitorMessage, { type: "call" }>) => void;

/** cobrowse-call.js: answers the agents' calls on this page, and hangs up when their session ends (`session_ended`). */
export type CallModule = (context: CallContext) => CallReceiver;

/** cobrowse-call.js puts itself here when it loads. */
export const CALL_GLOBAL = "__tandemCall";
