/**
 * Where each endpoint of the visitor script's side is: its method and path, written here once and spread
 * into its declaration (collect.ts). Zod-free, so the script calls its endpoints by these and bundles no
 * schema; lib/contract/endpoint-url.ts types each call by the declaration at the same method and path.
 */
export const collectRoutes = {
  registerVisitor: { method: "post", path: "/collect/register" },
  frameSettings: { method: "post", path: "/collect/frame" },
  heartbeat: { method: "post", path: "/collect/heartbeat" },
  identifyVisitor: { method: "post", path: "/collect/identify" },
  recordPageview: { method: "post", path: "/collect/pageview" },
  setHelpRequest: { method: "post", path: "/collect/help" },
  leave: { method: "post", path: "/collect/leave" },
  openVisitorStream: { method: "get", path: "/collect/live/stream" },
  sendEvents: { method: "post", path: "/collect/live/events" },
  answerConsent: { method: "post", path: "/collect/live/consent" },
  stopByVisitor: { method: "post", path: "/collect/live/stop" },
  sendVisitorMessage: { method: "post", path: "/collect/live/message" },
  sendVisitorFeedback: { method: "post", path: "/collect/live/feedback" },
  sendVisitorCall: { method: "post", path: "/collect/live/call" },
  sendConsole: { method: "post", path: "/collect/live/console" },
} as const;
