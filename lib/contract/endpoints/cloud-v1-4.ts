import { endpoint, endpointGroup, type Endpoint, type EndpointSpec } from "../endpoint";
import { THIS_DOCUMENT } from "../openapi-document";
import { visitorParamsSchema } from "../visitor";
import { viewerTokenRequestSchema, viewerTokenResponseSchema } from "../viewer-token";
import { cloudEndpoints } from "./cloud";

type CloudName = Exclude<keyof typeof cloudEndpoints, "getCloudDocument">;
type Under14<E extends EndpointSpec> = Endpoint<Omit<E, "group" | "auth"> & { group: "v1.4"; auth: "bearer-key" }>;

/** A v1.3 endpoint as v1.4 serves it: the same path after /v1.4, the key also as `Authorization: Bearer`. */
function underV14<E extends Endpoint>(v13: E): Under14<E> {
  return endpoint({
    ...v13,
    id: `${v13.id}V14`,
    path: v13.path.replace(/^\/v1\.3\//, "/v1.4/"),
    group: "v1.4",
    auth: "bearer-key",
  }) as unknown as Under14<E>;
}

/** Every v1.3 endpoint again under /v1.4 (its document aside: v1.4 has its own). */
export const cloudV13UnderV14 = Object.fromEntries(
  Object.entries(cloudEndpoints)
    .filter(([name]) => name !== "getCloudDocument")
    .map(([name, v13]) => [name, underV14(v13)]),
) as { [N in CloudName]: Under14<(typeof cloudEndpoints)[N]> };

/** The cloud API, v1.4: v1.3's endpoints, viewer tokens for embedded viewers, and its document. */
export const cloudV14Endpoints = {
  ...cloudV13UnderV14,
  ...endpointGroup(
    { group: "v1.4", auth: "bearer-key" },
    {
      createViewerToken: {
        route: "POST /v1.4/visitors/{visitor_id}/viewer_token",
        summary: "Create a viewer token",
        description:
          "Creates the session, as opening a Secure watch link does (the same permissions and defaults, concurrent-session limit, consent, webhooks and audit), with the viewer as its agent. The token starts one embedded viewer (viewer.js), once, within 10 minutes, on a page of one of the team's embed origins; it opens nothing else. Call it from your server: the key must never reach a browser.",
        params: visitorParamsSchema,
        body: viewerTokenRequestSchema,
        ok: { json: viewerTokenResponseSchema },
        errors: ["visitor_not_found", "subscription_limit"],
      },
      getCloudDocumentV14: { route: "GET /v1.4/openapi.json", ...THIS_DOCUMENT },
    },
  ),
};
