/**
 * Human labels of audit actions: the one map the table, the filter and the CSV use. A failed attempt
 * gets its own label where "failed" reads better than the outcome column alone.
 */
export const ACTION_LABELS: Record<string, { success: string; failure?: string }> = {
  sign_in: { success: "Signed in", failure: "Sign-in failed" },
  sign_out: { success: "Signed out" },
  sso_sign_in: { success: "Signed in with SSO", failure: "SSO sign-in refused" },
  first_admin_created: { success: "First admin created", failure: "First admin refused" },
  co_browse_link_created: { success: "Co-browse link created", failure: "Co-browse link refused" },
  help_request_claimed: { success: "Help request taken", failure: "Help request not taken" },
  help_request_released: { success: "Help request handed back", failure: "Help request not handed back" },
  session_stopped: { success: "Session stopped", failure: "Session stop failed" },
  session_notes_edited: { success: "Session notes edited", failure: "Session notes not saved" },
  session_rated: { success: "Session rated by its agent", failure: "Session rating refused" },
  // Written by the co-browsing service: the visitor's answer, and each session's end, whoever ended it.
  session_accepted: { success: "Session accepted by the visitor" },
  session_ended_by_agent: { success: "Session ended by the agent" },
  session_stopped_by_visitor: { success: "Session stopped by the visitor" },
  session_declined: { success: "Session declined by the visitor" },
  session_ended_by_api: { success: "Session ended through the API" },
  session_timed_out: { success: "Session timed out with no agent connected" },
  session_ended_visitor_deleted: { success: "Session ended: visitor deleted" },
  // Voice calls inside a session, written by the co-browsing service.
  call_started: { success: "Call started by the agent" },
  call_accepted: { success: "Call accepted by the visitor" },
  call_declined: { success: "Call declined by the visitor" },
  call_ended: { success: "Call ended" },
  visitor_deleted: { success: "Visitor deleted", failure: "Visitor deletion failed" },
  visitors_purged: { success: "Offline visitors purged", failure: "Purge failed" },
  user_created: { success: "User created", failure: "User creation failed" },
  user_role_changed: { success: "User role changed", failure: "Role change refused" },
  user_disabled: { success: "User disabled", failure: "Disabling refused" },
  user_enabled: { success: "User enabled", failure: "Enabling failed" },
  password_changed: { success: "Password changed", failure: "Password change refused" },
  password_reset_link_created: { success: "Password reset link created", failure: "Password reset link refused" },
  password_reset_used: { success: "Password reset", failure: "Password reset link refused" },
  setting_changed: { success: "Setting changed", failure: "Setting change failed" },
  api_key_created: { success: "API key created", failure: "API key creation failed" },
  api_key_revoked: { success: "API key revoked", failure: "API key revocation refused" },
  webhook_secret_revealed: { success: "Webhook secret revealed", failure: "Webhook secret reveal failed" },
  webhook_secret_rotated: { success: "Webhook secret rotated", failure: "Webhook secret rotation failed" },
};

/** "co_browse_link_created" → "Co browse link created", for actions added without a label yet. */
function humanize(action: string): string {
  const words = action.replaceAll(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function actionLabel(action: string, outcome: "success" | "failure" = "success"): string {
  const labels = ACTION_LABELS[action];
  // An AI agent's tool call through the MCP server: "mcp.<tool>".
  if (!labels && action.startsWith("mcp.")) return `AI agent: ${action.slice(4)}${outcome === "failure" ? " (refused)" : ""}`;
  if (!labels) return outcome === "failure" ? `${humanize(action)} (failed)` : humanize(action);
  return outcome === "failure" ? (labels.failure ?? `${labels.success} (failed)`) : labels.success;
}
