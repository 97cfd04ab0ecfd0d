export { endByAgent, applyControl, openAgentStream, requestSnapshot } from "./agent-live";
export { streamVisitorAuth, streamVisitorId, viewerAuth, viewerFor } from "./auth";
export { LIVE_CORS_HEADERS, livePreflight } from "./cors";
export {
  consentRequestSchema,
  controlRequestSchema,
  customMessageRequestSchema,
  eventBatchRequestSchema,
  sessionParamsSchema,
  stopRequestSchema,
  visitorStreamQuerySchema,
} from "./schemas";
export { sseResponse } from "./sse";
export { acceptVisitorEvents, answerConsent, openVisitorStream, relayVisitorMessage, stopByVisitor } from "./visitor-live";
