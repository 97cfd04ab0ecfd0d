import { endpointUrl, type BodyArgs } from "@/lib/contract/endpoint-url";
import type { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { storedCredential } from "./tab-credential";

const KEEPALIVE_MAX_BYTES = 60_000;

/** The watch page's POSTs made apart from the live connection (notes, feedback, calls). */
type ViewerPost = typeof liveRoutes.saveAgentNotes | typeof liveRoutes.sendAgentFeedback | typeof liveRoutes.sendAgentCall;

/**
 * POSTs on the session with the tab's latest viewer token (the live stream keeps it fresh in the tab),
 * else the one the page started with.
 */
export function viewerPost<R extends ViewerPost>(route: R, sessionId: string, fallbackToken: string, ...args: BodyArgs<R>): Promise<Response> {
  const token = storedCredential("viewer", sessionId) ?? fallbackToken;
  const body = JSON.stringify(args[0] ?? {});
  return fetch(endpointUrl<ViewerPost>(route, "", { id: sessionId }), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
    // A save sent as the page goes away still arrives; browsers refuse keepalive bodies past 64 kB.
    keepalive: new Blob([body]).size < KEEPALIVE_MAX_BYTES,
  });
}
