import { permissionsSchema, type Permissions } from "@/lib/contract/watch-link";
import type { Tool } from "@/lib/contract";
import { ServiceError } from "../core/errors";

/**
 * The permission of the watch link each tool needs. Pointing and custom messages need none: they
 * change nothing on the visitor's page (a message only reaches the customer's own listeners).
 */
const REQUIRED: Record<Tool, keyof Permissions | null> = {
  pointer: null,
  click: "allow_click",
  hover: "allow_click",
  drag: "allow_click",
  scroll: "allow_scroll",
  type: "allow_type",
  key: "allow_type",
  draw: "allow_draw",
  clear: "allow_draw",
  navigate: "allow_agent_redirect",
  reload: "allow_agent_redirect",
  message: null,
  select: "allow_click",
  highlight: null,
};

/** The `features_used` entry a tool adds to the session. */
export const FEATURE_OF: Record<Tool, string> = {
  pointer: "remote_cursor",
  click: "click",
  hover: "remote_cursor",
  drag: "click",
  scroll: "scroll",
  type: "type",
  key: "type",
  draw: "draw",
  clear: "draw",
  navigate: "agent_redirect",
  reload: "agent_redirect",
  message: "custom_message",
  select: "click",
  highlight: "remote_cursor",
};

/** The session's permissions with the contract's defaults for any the link left out. */
export function effectivePermissions(stored: Record<string, boolean>): Permissions {
  return permissionsSchema.parse(stored);
}

export function toolAllowed(stored: Record<string, boolean>, tool: Tool): boolean {
  const permission = REQUIRED[tool];
  return permission === null || effectivePermissions(stored)[permission];
}

/**
 * The one check of the agents' tools, for the watch page and the AI agents alike: every tool allowed by
 * the session's watch link, else 403 naming the first that is not (before anything is recorded or sent).
 */
export function requireTools(stored: Record<string, boolean>, tools: readonly Tool[]): void {
  const refused = tools.find((tool) => !toolAllowed(stored, tool));
  if (refused) throw new ServiceError("permission_denied", `The watch link does not allow the ${refused} tool.`);
}

/** Which tools the watch page offers. */
export function allowedTools(stored: Record<string, boolean>): Tool[] {
  return (Object.keys(REQUIRED) as Tool[]).filter((tool) => toolAllowed(stored, tool));
}
