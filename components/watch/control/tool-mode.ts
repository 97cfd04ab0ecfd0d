import type { Tool } from "@/lib/contract";

/** What the agent's mouse does over the page: act on it, draw on it, or only point. */
export type ToolMode = "control" | "draw" | "pointer";

/** The first tool mode the link allows: acting on the page, else drawing, else pointing. */
export function firstMode(tools: Tool[]): ToolMode {
  if (tools.some((tool) => tool === "click" || tool === "type" || tool === "scroll")) return "control";
  return tools.includes("draw") ? "draw" : "pointer";
}
