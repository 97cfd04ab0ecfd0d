"use client";

import { watchSessionResponseSchema, type WatchSession } from "@/lib/contract";
import { endpointUrl } from "@/lib/contract/endpoint-url";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import type { StartViewerMessage } from "@/lib/contract/viewer-protocol";
import { framed, postToParent } from "./embed-bridge";

/** How long a framed watch page without a credential waits for the embeddable viewer's token. */
const TOKEN_WAIT_MS = 10_000;

export type ViewerStart = { ok: true; session: WatchSession } | { ok: false; code: string; message: string };

/**
 * The embeddable viewer's frame: asks the page around it for its viewer token (postMessage, never an
 * address), then spends it for this session's credential, naming the page's origin as the browser gave
 * it (the service refuses an origin the team does not allow). Null when not framed or no token came.
 */
function tokenFromParent(sessionId: string): Promise<{ token: string; hostOrigin: string } | null> {
  if (!framed()) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(null), TOKEN_WAIT_MS);
    function finish(result: { token: string; hostOrigin: string } | null) {
      clearTimeout(timer);
      window.removeEventListener("message", listener);
      resolve(result);
    }
    function listener(event: MessageEvent) {
      const data = event.data as Partial<StartViewerMessage> | null;
      // Only the parent window hands a token; its origin is the browser's word, not the message's.
      if (event.source !== window.parent || data?.type !== "tandem.viewer.start" || typeof data.token !== "string") return;
      finish({ token: data.token, hostOrigin: event.origin });
    }
    window.addEventListener("message", listener);
    postToParent({ type: "tandem.viewer.ready", sessionId });
  });
}

async function refusal(response: Response): Promise<ViewerStart> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  return { ok: false, code: body.error ?? `http_${response.status}`, message: body.message ?? `The service answered ${response.status}.` };
}

/** The session, started with the token the page around this frame gives; null when there is none to wait for. */
export async function startFramedViewer(sessionId: string): Promise<ViewerStart | null> {
  const given = await tokenFromParent(sessionId);
  if (!given) return null;
  let started: ViewerStart;
  try {
    const response = await fetch(endpointUrl(liveRoutes.redeemViewerToken, ""), {
      method: "POST",
      headers: { authorization: `Bearer ${given.token}`, "content-type": "application/json" },
      body: JSON.stringify({ host_origin: given.hostOrigin }),
    });
    started = response.ok ? { ok: true, session: watchSessionResponseSchema.parse(await response.json()).session } : await refusal(response);
  } catch {
    started = { ok: false, code: "unreachable", message: "The service could not be reached." };
  }
  if (!started.ok) {
    postToParent({ type: "tandem.error", code: started.code, message: started.message });
    postToParent({ type: "tandem.sessionEnded", reason: "error" });
  } else if (started.session.sessionId !== sessionId) {
    return { ok: false, code: "forbidden", message: "This viewer token belongs to another session." };
  }
  return started;
}
