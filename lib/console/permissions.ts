import type { Permissions } from "@/lib/contract";

/**
 * The permissions of a watch link as the console names them, in the order its forms show them: the
 * one table of the Settings defaults and the co-browse options. Plain data, so client forms read it too.
 */
export const PERMISSION_LABELS: Record<keyof Permissions, string> = {
  allow_click: "Click for the visitor",
  allow_scroll: "Scroll for the visitor",
  allow_type: "Type for the visitor",
  allow_draw: "Draw on the page",
  allow_agent_redirect: "Redirect and reload the visitor’s page",
  allow_audio: "Audio",
  allow_console: "Remote console",
};

/** The permissions an agent may pick in the co-browse options; allow_console stays the admin's default. */
export const CO_BROWSE_PERMISSIONS = ["allow_click", "allow_scroll", "allow_type", "allow_draw", "allow_agent_redirect", "allow_audio"] as const;

export type CoBrowsePermission = (typeof CO_BROWSE_PERMISSIONS)[number];
export type CoBrowsePermissions = Record<CoBrowsePermission, boolean>;

/** The co-browse options' starting values: the admin's defaults for the permissions an agent may pick. */
export function coBrowseDefaults(defaults: Permissions): CoBrowsePermissions {
  return Object.fromEntries(CO_BROWSE_PERMISSIONS.map((permission) => [permission, defaults[permission]])) as CoBrowsePermissions;
}
