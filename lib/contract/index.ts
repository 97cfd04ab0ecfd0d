// The API contract: one schema per resource, request and response (cloud v1.3 and on-premise).
// Types sit next to their schemas: z.infer for parsed values, z.input where callers build requests.
export * from "./common";
export * from "./errors";
export * from "./usage";
export * from "./pageview";
export * from "./agent";
export * from "./session-timeline";
export * from "./session";
export * from "./visitor";
export * from "./purge-visitors";
export * from "./identity";
export * from "./watch-link";
export * from "./viewer-token";
export * from "./intercom";
export * from "./proxy-session";
export * from "./onprem";
export * from "./team-settings";
export * from "./live";
export * from "./remote-console";
export * from "./recording-marks";
export * from "./visitor-protocol";
export * from "./url-redaction";
export * from "./openapi-document";
// The endpoint registry (./endpoints) and the documents (./openapi) are imported by path: the registry
// brings every schema and the documents the OpenAPI helper, which a browser bundle that only wants a
// schema has no use for. Browser code calls endpoints by their routes (./endpoints/*-routes, zod-free)
// through ./endpoint-url.
