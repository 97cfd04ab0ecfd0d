/**
 * Where each endpoint of the agent's side of a live session is: its method and path, written here once
 * and spread into its declaration (live.ts). Zod-free, so the watch page calls its endpoints by these
 * without bundling the schemas; lib/contract/endpoint-url.ts types each call by its declaration.
 */
export const liveRoutes = {
  openViewerStream: { method: "get", path: "/live/sessions/{id}/stream" },
  describeWatchSession: { method: "get", path: "/live/sessions/{id}" },
  useTool: { method: "post", path: "/live/sessions/{id}/control" },
  endByAgent: { method: "post", path: "/live/sessions/{id}/end" },
  requestSnapshot: { method: "post", path: "/live/sessions/{id}/resync" },
  saveAgentNotes: { method: "post", path: "/live/sessions/{id}/notes" },
  sendAgentFeedback: { method: "post", path: "/live/sessions/{id}/feedback" },
  sendAgentCall: { method: "post", path: "/live/sessions/{id}/call" },
  redeemViewerToken: { method: "post", path: "/live/viewer-tokens/redeem" },
  getRecordingEvents: { method: "get", path: "/live/recordings/events" },
} as const;
