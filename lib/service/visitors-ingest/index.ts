export { authenticatedVisitorId, beaconVisitorAuth, liveBatchVisitorAuth, publicKeyAuth, visitorAuth } from "./auth";
export { clientInfo } from "./client-info";
export { COLLECT_CORS_HEADERS, collectPreflight } from "./cors";
export { heartbeatVisitor } from "./heartbeat";
export { identifyVisitor } from "./identify";
export { leaveVisitor } from "./leave";
export { recordVisitorPageview } from "./pageview";
export { registerVisitor } from "./register";
export { identifyRequestSchema, leaveRequestSchema, pageviewRequestSchema, registerRequestSchema } from "./schemas";
