import type { Endpoint, Group } from "../endpoint";
import { cloudEndpoints } from "./cloud";
import { cloudV14Endpoints } from "./cloud-v1-4";
import { integrationEndpoints } from "./integrations";
import { collectEndpoints } from "./collect";
import { liveEndpoints } from "./live";
import { onpremEndpoints } from "./onprem";
import { opsEndpoints } from "./ops";
import { serviceAdminEndpoints } from "./service-admin";
import { sessionEndpoints } from "./sessions";

export {
  cloudEndpoints,
  cloudV14Endpoints,
  integrationEndpoints,
  collectEndpoints,
  liveEndpoints,
  onpremEndpoints,
  opsEndpoints,
  serviceAdminEndpoints,
  sessionEndpoints,
};
export { MAX_EVENT_BATCH_BYTES } from "./collect";

/**
 * Every endpoint of the service, declared once: the service binds a handler to each, the clients take
 * their paths and schemas from them, the documents and the fuzz suites are generated from them.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(cloudEndpoints),
  ...Object.values(sessionEndpoints),
  ...Object.values(onpremEndpoints),
  ...Object.values(serviceAdminEndpoints),
  ...Object.values(collectEndpoints),
  ...Object.values(liveEndpoints),
  ...Object.values(opsEndpoints),
  ...Object.values(integrationEndpoints),
  // Last: walks of the registry (the fuzz suites) reach v1.4's purge, which deletes the visitor whose
  // credentials they use once it is offline, after everything else.
  ...Object.values(cloudV14Endpoints),
];

type Declarations<G> = G[keyof G];

/** Every declaration with its own types (ENDPOINTS forgets them): browser code finds one by its method and path. */
export type DeclaredEndpoint =
  | Declarations<typeof cloudEndpoints>
  | Declarations<typeof sessionEndpoints>
  | Declarations<typeof cloudV14Endpoints>
  | Declarations<typeof integrationEndpoints>
  | Declarations<typeof onpremEndpoints>
  | Declarations<typeof serviceAdminEndpoints>
  | Declarations<typeof collectEndpoints>
  | Declarations<typeof liveEndpoints>
  | Declarations<typeof opsEndpoints>;

/** The service's API documents: each endpoint is in exactly one, by its group. */
export const API_DOCUMENTS = {
  cloud: {
    path: cloudEndpoints.getCloudDocument.path,
    title: "Tandem co-browsing API",
    version: "1.3",
    description: "Cloud v1.3 API of Tandem's embedded co-browsing service.",
    groups: ["v1.3"],
  },
  cloudV14: {
    path: cloudV14Endpoints.getCloudDocumentV14.path,
    title: "Tandem co-browsing API",
    version: "1.4",
    description:
      "Cloud v1.4 API of Tandem's embedded co-browsing service: v1.3's endpoints with the key also as `Authorization: Bearer`, and viewer tokens for embedded viewers.",
    groups: ["v1.4"],
  },
  onprem: {
    path: onpremEndpoints.getOnpremDocument.path,
    title: "Tandem on-premise API",
    version: "1.0",
    description: "The on-premise REST API, at `<base endpoint>/api`; off unless REST_KEY is set.",
    groups: ["onprem"],
  },
  service: {
    path: serviceAdminEndpoints.getServiceDocument.path,
    title: "Tandem embedded service",
    version: "1.0",
    description: "Tandem's own endpoints: the service's admin API, the visitor script's protocol, live sessions, helpdesk apps and health.",
    groups: ["service-admin", "collect", "live", "integrations", "ops"],
  },
} as const satisfies Record<string, { path: string; title: string; version: string; description: string; groups: readonly Group[] }>;

export type ApiDocumentName = keyof typeof API_DOCUMENTS;
