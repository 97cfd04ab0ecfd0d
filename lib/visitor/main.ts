/**
 * cobrowse.js, the visitor script: `<script src="…/cobrowse.js" data-public-key="pk_…" async></script>`.
 * Registers (or resumes) the visitor, keeps it online, reports pageviews (SPA navigation included),
 * shows the lookup code, and holds the live stream that starts a co-browsing session. The protocol is
 * docs/visitor-protocol.md; the page's JS API is `window.Tandem`.
 */
import { endpointUrl, type BodyOfRoute } from "@/lib/contract/endpoint-url";
import { collectRoutes } from "@/lib/contract/endpoints/collect-routes";
import { identityProblem } from "@/lib/contract/identity-rules";
import { DEFAULT_URL_REDACTED_PARAMS, redactUrl } from "@/lib/contract/url-redaction";
import { readScriptConfig, SNIPPET_SELECTOR, type ScriptConfig } from "./config";
import { watchClosedShadowRoots, type ClosedShadowRoots } from "./closed-shadow-roots";
import { createEmitter, type TandemEvent } from "./emitter";
import { createHelpRequest } from "./help-request";
import { joinParentFrame } from "./frames/frame-child";
import { createFrameHost } from "./frames/frame-host";
import { createLive } from "./live";
import { createLookupCode } from "./lookup-code";
import { clearCredentials, loadCredentials, loadRedactedParams, saveCredentials, saveRedactedParams, type Credentials } from "./storage";
import { withRetries } from "./retry";
import { createTransport, InvalidVisitorError } from "./transport";
import { SCRIPT_VERSION } from "./version";

interface TandemApi {
  /** This copy's version: a page running an older one is told apart. */
  version: string;
  identify: (fields: BodyOfRoute<typeof collectRoutes.identifyVisitor>) => Promise<void>;
  getLookupCode: () => string | null;
  stopSession: () => Promise<void>;
  sendCustomMessage: (message: string) => Promise<void>;
  requestHelp: () => Promise<void>;
  cancelHelp: () => Promise<void>;
  isWaitingForHelp: () => boolean;
  on: (event: TandemEvent, callback: (detail: Record<string, unknown>) => void) => () => void;
}

type TandemHolder = { Tandem?: TandemApi };

/** Tries of one heartbeat: with the service's Retry-After (2 s), they span less than the beats' interval. */
const HEARTBEAT_TRIES = 6;
/** Pageviews a page keeps while the service refuses them. */
const MAX_WAITING_PAGEVIEWS = 50;

/**
 * The topmost page of this origin, above this frame without another origin between, that runs the
 * script: its recording shows this frame, so this frame is part of its visitor. Null when there is none.
 */
function sameOriginHost(): Window | null {
  let host: Window | null = null;
  for (let current: Window = window; current !== current.parent;) {
    current = current.parent;
    try {
      if ((current as unknown as TandemHolder).Tandem || current.document.querySelector(SNIPPET_SELECTOR)) host = current;
    } catch {
      break; // another origin: stop climbing
    }
  }
  return host;
}

function boot(): void {
  const config = readScriptConfig();
  const holder = window as unknown as TandemHolder;
  if (!config || holder.Tandem) return;

  // One visitor per tab: a frame of a page that runs the script registers nothing, stores nothing and
  // shows nothing; the page's recording includes it, and its `Tandem` is the page's.
  const host = sameOriginHost();
  if (host) return void Object.defineProperty(holder, "Tandem", { configurable: true, get: () => (host as unknown as TandemHolder).Tandem });

  const shadowRoots = watchClosedShadowRoots();
  if (window.parent === window) return startVisitor(config, shadowRoots);
  // A cross-origin frame: part of its page's visitor when that page is one of the team's sites.
  let started = false;
  const registerInstead = () => {
    if (!started) startVisitor(config, shadowRoots);
    started = true;
  };
  void joinParentFrame({ config, post: createTransport(config.baseUrl, () => null), shadowRoots, registerInstead }).catch(registerInstead);
}

function startVisitor(config: ScriptConfig, shadowRoots: ClosedShadowRoots): void {
  const holder = window as unknown as TandemHolder;
  let credentials: Credentials | null = loadCredentials();
  let maskingSelectors: string[] = [];
  let frameOrigins: string[] = [];
  let canvasCapture = false;
  // Until this page's registration answers, the list the last one gave, or the defaults.
  let redactedParams = loadRedactedParams() ?? DEFAULT_URL_REDACTED_PARAMS;
  const redact = (url: string) => redactUrl(url, redactedParams);
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const post = createTransport(config.baseUrl, () => credentials);
  const emitter = createEmitter();
  const lookupCode = createLookupCode();
  const frames = createFrameHost({ origins: () => frameOrigins, onJoinWhileRecording: () => live.snapshot() });
  const live = createLive({
    baseUrl: config.baseUrl,
    post,
    credentials: () => credentials,
    maskingSelectors: () => maskingSelectors,
    canvasCapture: () => canvasCapture,
    shadowRoots,
    frames,
    redactUrl: redact,
    emitter,
  });

  // Every URL the script sends goes through `redact`: no fragment, no values of secret-looking parameters.
  const page = () => ({
    url: redact(location.href),
    title: document.title.slice(0, 512),
    referrer: /^https?:/.test(document.referrer) ? redact(document.referrer) : "",
  });

  // Refused while the service is briefly unavailable: asked again as it says, until it answers.
  // A new visitor's registration carries a random key, the same each time it is sent: one whose answer
  // was lost (its node died) and is sent again finds the visitor the first one made.
  const register = async (): Promise<void> => {
    const registrationKey = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
    const answer = await withRetries(() =>
      post(collectRoutes.registerVisitor, {
        publicKey: config.publicKey,
        scriptVersion: SCRIPT_VERSION,
        ...(credentials ?? { registrationKey }),
        ...page(),
        ...(help.isWaiting() ? { waitingForCall: true } : {}),
      }),
    );
    credentials = { visitorId: answer.visitorId, token: answer.token };
    saveCredentials(credentials);
    maskingSelectors = answer.settings.maskingSelectors;
    frameOrigins = answer.settings.frameOrigins;
    canvasCapture = answer.settings.canvasCapture;
    redactedParams = answer.settings.urlRedactedParams ?? DEFAULT_URL_REDACTED_PARAMS;
    saveRedactedParams(redactedParams);
    lookupCode.set(answer.lookupCode);
    clearInterval(heartbeat);
    heartbeat = setInterval(() => void beat(), answer.heartbeatSeconds * 1000);
    live.connect();
    frames.announce();
  };

  /** Runs a request; unknown credentials mean the visitor was deleted or reset: register anew, once. */
  const withVisitor = async <T>(request: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof InvalidVisitorError)) throw error;
      credentials = null;
      clearCredentials();
      await register();
    }
  };

  // A refused beat is sent again soon, within the beats' interval: the visitor stays online.
  const beat = async () => {
    const answer = await withVisitor(() => withRetries(() => post(collectRoutes.heartbeat), HEARTBEAT_TRIES)).catch(() => undefined);
    lookupCode.set(answer?.lookupCode);
  };

  const help = createHelpRequest({
    button: config.helpButton,
    send: (waiting) => ready.then(() => withVisitor(() => post(collectRoutes.setHelpRequest, { waiting }))),
  });
  emitter.on("authorization_requested", () => help.sessionStarted());
  emitter.on("session_started", () => help.sessionStarted());
  emitter.on("session_ended", () => help.sessionEnded());

  const ready = register().catch((error) => console.error("Tandem: could not register the visitor", error));

  // Single-page apps change the URL without reloading: each change is a pageview. They leave one at a
  // time, in order; one the service refuses for a while is sent again until it is taken.
  let lastUrl = location.href;
  const pageviews: ReturnType<typeof page>[] = [];
  let sendingPageviews = false;
  const sendPageviews = async () => {
    if (sendingPageviews) return;
    sendingPageviews = true;
    await ready;
    while (pageviews.length) {
      await withVisitor(() => withRetries(() => post(collectRoutes.recordPageview, pageviews[0]))).catch(() => undefined);
      pageviews.shift();
    }
    sendingPageviews = false;
  };
  const onNavigate = () => {
    if (location.href === lastUrl) return;
    lastUrl = location.href;
    // The oldest waiting (not the one being sent) go first when a long outage piles them up.
    if (pageviews.push(page()) > MAX_WAITING_PAGEVIEWS) pageviews.splice(1, 1);
    void sendPageviews();
    lookupCode.refresh();
  };
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
      const result = original.apply(this, args);
      onNavigate();
      return result;
    };
  }
  addEventListener("popstate", onNavigate);

  addEventListener("pagehide", () => {
    live.disconnect();
    // A keepalive fetch outlives the page like a beacon, and unlike a beacon can leave the Referer out.
    // A text body keeps it a simple request: no preflight while the page unloads.
    if (credentials) {
      void fetch(endpointUrl(collectRoutes.leave, config.baseUrl), {
        method: "POST",
        body: JSON.stringify(credentials satisfies BodyOfRoute<typeof collectRoutes.leave>),
        keepalive: true,
        referrerPolicy: "no-referrer",
      }).catch(() => undefined);
    }
  });
  addEventListener("pageshow", (event) => {
    // Back from the back/forward cache: the leave beacon made the visitor offline.
    if (event.persisted) void ready.then(() => beat().then(() => live.connect()));
  });

  holder.Tandem = {
    version: SCRIPT_VERSION,
    identify: async (fields) => {
      // Checked here first, so that a bad field rejects naming it, and before the visitor is ready.
      const problem = identityProblem(fields);
      if (problem) throw new TypeError(`Tandem.identify: ${problem}`);
      await ready;
      await withVisitor(() => post(collectRoutes.identifyVisitor, fields));
    },
    getLookupCode: () => lookupCode.get(),
    stopSession: () => live.stop(),
    sendCustomMessage: (message) => live.sendCustomMessage(String(message)),
    on: (event, callback) => emitter.on(event, callback),
    requestHelp: () => help.request(),
    cancelHelp: () => help.cancel(),
    isWaitingForHelp: () => help.isWaiting(),
  };
}

boot();
