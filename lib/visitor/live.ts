import { fetchEventSource } from "@microsoft/fetch-event-source";
import type { VisitorMessage } from "@/lib/contract";
import { endpointUrl } from "@/lib/contract/endpoint-url";
import { collectRoutes } from "@/lib/contract/endpoints/collect-routes";
import type { Emitter } from "./emitter";
import type { ClosedShadowRoots } from "./closed-shadow-roots";
import { CALL_GLOBAL, type CallModule, type CallReceiver } from "./bundles/call-api";
import { CONSOLE_GLOBAL, type ConsoleModule } from "./bundles/console-api";
import { askFeedback } from "./ui/feedback-prompt";
import type { FrameHost } from "./frames/frame-host";
import { loadBundle } from "./bundles/load-bundle";
import { loadRecorder } from "./bundles/load-recorder";
import type { Recording } from "./bundles/recorder-api";
import type { Credentials } from "./storage";
import type { Post } from "./transport";
import { askConsent, showHelpBar, showNotice } from "./ui/ui";

type SessionMessage = Extract<VisitorMessage, { type: "session" }>;

interface LiveOptions {
  baseUrl: string;
  post: Post;
  credentials: () => Credentials | null;
  maskingSelectors: () => string[];
  canvasCapture: () => boolean;
  shadowRoots: ClosedShadowRoots;
  /** The page's cross-origin frames that joined its visitor: they record into this page's recording. */
  frames: FrameHost;
  /** What of a URL may be sent (the team's redaction rule). */
  redactUrl: (url: string) => string;
  emitter: Emitter;
}

class StreamRefused extends Error {}

/**
 * The visitor's side of a live session: holds the stream from the service, asks consent when the team
 * requires it, records the page while an agent watches, applies the agents' tools, and shows the
 * "… is helping you" bar with Stop.
 */
export function createLive(options: LiveOptions) {
  let source: AbortController | null = null;
  let sessionId: string | null = null;
  let recording: Recording | null = null;
  let starting = false;
  let consent: { close: () => void } | null = null;
  let removeBar: (() => void) | null = null;
  /** Who the help bar names. */
  let helper: string | null = null;
  /** Voice calls: cobrowse-call.js, fetched when an agent first rings (it hangs up as a session ends). */
  let call: Promise<CallReceiver> | null = null;

  const endLocally = (notice: string | null) => {
    const wasActive = sessionId !== null;
    recording?.stop();
    recording = null;
    options.frames.stopRecording();
    consent?.close();
    consent = null;
    removeBar?.();
    removeBar = null;
    const ended = sessionId;
    sessionId = null;
    if (wasActive) {
      if (notice) showNotice(notice);
      options.emitter.emit("session_ended", { sessionId: ended });
    }
  };

  const stop = async () => {
    const current = sessionId;
    if (!current) return;
    endLocally("You stopped the session.");
    await options.post(collectRoutes.stopByVisitor, { sessionId: current }).catch(() => undefined);
  };

  const startRecording = async (message: SessionMessage) => {
    if (starting) return;
    starting = true;
    try {
      const recorder = await loadRecorder(options.baseUrl);
      if (sessionId !== message.sessionId || recording) return;
      helper = message.agentName;
      removeBar = showHelpBar(message.agentName, () => void stop());
      recording = recorder.start({
        maskingSelectors: options.maskingSelectors(),
        canvasCapture: options.canvasCapture(),
        closedShadowRoot: options.shadowRoots.of,
        redactUrl: options.redactUrl,
        send: (batch) => options.post(collectRoutes.sendEvents, { sessionId: message.sessionId, ...batch }),
        onFatal: () => endLocally(null),
        frames: { accepts: options.frames.accepts, isJoined: options.frames.isJoined, onSnapshot: options.frames.snapshot, control: options.frames.control },
      });
      options.frames.startRecording();
      // The remote console's code is fetched only when the watch link allows it; it stops with the session.
      if (message.permissions.allow_console)
        loadBundle<ConsoleModule>(options.baseUrl, "cobrowse-console.js", CONSOLE_GLOBAL).then(
          (start) => sessionId === message.sessionId && start(options, message.sessionId),
          console.error,
        );
      options.emitter.emit("session_started", { sessionId: message.sessionId, agentName: message.agentName });
    } catch (error) {
      console.error(error);
    } finally {
      starting = false;
    }
  };

  /** Stops sending the page, the session going on: someone new asks to see it. */
  const pause = () => {
    recording?.stop();
    recording = null;
    options.frames.stopRecording();
    removeBar?.();
    removeBar = null;
  };

  const onSession = (message: SessionMessage) => {
    if (sessionId === message.sessionId && recording) {
      // Someone joined (a person taking over from an automated agent): the visitor is told who, and, where
      // the team asks first, asked again before the page is sent on.
      if (message.needsConsent) pause();
      else {
        if (message.agentName !== helper) {
          removeBar?.();
          helper = message.agentName;
          removeBar = showHelpBar(message.agentName, () => void stop());
        }
        return recording.snapshot();
      }
    }
    if (sessionId && sessionId !== message.sessionId) endLocally(null);
    sessionId = message.sessionId;
    if (!message.needsConsent) return void startRecording(message);
    if (consent) return;
    options.emitter.emit("authorization_requested", { sessionId: message.sessionId, agentName: message.agentName });
    const prompt = askConsent(message.agentName);
    consent = prompt;
    void prompt.answer.then(async (accepted) => {
      consent = null;
      if (sessionId !== message.sessionId) return;
      // Accepting: the service answers with the session again, now without the consent step.
      await options.post(collectRoutes.answerConsent, { sessionId: message.sessionId, accepted }).catch(() => undefined);
      if (!accepted) endLocally(null);
    });
  };

  const onMessage = (message: VisitorMessage) => {
    if (message.type === "session") return onSession(message);
    if (message.sessionId !== sessionId) return;
    if (message.type === "snapshot") recording?.snapshot();
    else if (message.type === "control" && message.control.tool === "message")
      options.emitter.emit("custom_message", { sessionId, message: message.control.message });
    else if (message.type === "control") recording?.control(message.control);
    else if (message.type === "call")
      (call ??= loadBundle<CallModule>(options.baseUrl, "cobrowse-call.js", CALL_GLOBAL).then((start) => start(options))).then(
        (receive) => receive(message),
        console.error,
      );
    else if (message.type === "ended") {
      endLocally("The co-browsing session has ended.");
      if (message.askFeedback) void sendFeedback(message.sessionId);
    }
  };

  /** The team asks its visitors how the session went: the answer, if any, goes to the ended session. */
  const sendFeedback = async (ended: string) => {
    const answer = await askFeedback();
    if (!answer) return;
    await options.post(collectRoutes.sendVisitorFeedback, { sessionId: ended, ...answer }).then(
      () => showNotice("Thank you for your feedback."),
      () => showNotice("Your feedback could not be sent."),
    );
  };

  /**
   * Opens (or reopens with new credentials) the stream from the service. A fetch-based stream, so the
   * credentials travel in headers rather than in a URL that proxies log.
   */
  const connect = () => {
    source?.abort();
    const credentials = options.credentials();
    if (!credentials) return;
    const opened = new AbortController();
    source = opened;
    void fetchEventSource(endpointUrl(collectRoutes.openVisitorStream, options.baseUrl), {
      headers: { "x-visitor-id": credentials.visitorId, "x-visitor-token": credentials.token },
      signal: opened.signal,
      // The page's address is the customer's business, not the service's logs'.
      referrerPolicy: "no-referrer",
      // A page in a background tab is still co-browsed.
      openWhenHidden: true,
      onopen: async (response) => {
        if (!response.ok) throw new StreamRefused();
      },
      onmessage: (event) => {
        if (!event.data) return;
        try {
          onMessage(JSON.parse(event.data) as VisitorMessage);
        } catch (error) {
          console.error("Tandem: a live message failed", error);
        }
      },
      // The service closes streams when an app node stops: connect again, like an EventSource would.
      onclose: () => {
        throw new Error("Tandem: the live stream closed");
      },
      // A refused stream waits a little longer than a dropped one.
      onerror: (error) => (error instanceof StreamRefused ? 5000 : undefined),
    });
  };

  /** The customer's page talks to the session's agents (e.g. to an embedding page). */
  const sendCustomMessage = async (message: string) => {
    if (!sessionId || !recording) throw new Error("Tandem: no co-browsing session is live.");
    await options.post(collectRoutes.sendVisitorMessage, { sessionId, message });
  };

  return {
    connect,
    /** A frame joined while the page is recorded: record the page afresh, so the frame is shown in it. */
    snapshot: () => recording?.snapshot(),
    sendCustomMessage,
    disconnect() {
      source?.abort();
      source = null;
    },
    stop,
  };
}
