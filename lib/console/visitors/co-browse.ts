import "server-only";
import { permissionsSchema, type Permissions } from "@/lib/contract";
import { ActionError } from "@/lib/console/action";
import { consoleAgentId } from "@/lib/console/agents/console-agent";
import { apiConnection } from "@/lib/console/api";
import { describeApiError } from "@/lib/console/api-errors";
import type { Caller } from "@/lib/console/auth/caller";
import { CO_BROWSE_PERMISSIONS, type CoBrowsePermission } from "@/lib/console/permissions";
import { getDb } from "@/lib/db";
import { getConsoleSettings } from "../settings/console-settings";

/** The permissions an agent may pick in the co-browse options, as the co-browse action accepts them. */
export const coBrowsePermissionsSchema = permissionsSchema.pick(
  Object.fromEntries(CO_BROWSE_PERMISSIONS.map((permission) => [permission, true])) as Record<CoBrowsePermission, true>,
);

const COBROWSE_ERRORS = {
  payment_required: "The session limit of the subscription is reached.",
  not_found: "This visitor no longer exists.",
};

/** A watch link must lead to the API's own watch origin: the console never redirects anywhere else. */
export function checkWatchOrigin(watchUrl: string, expectedOrigin: string): string {
  let origin: string;
  try {
    origin = new URL(watchUrl).origin;
  } catch {
    throw new ActionError("The co-browsing API returned a watch link that is not a URL; the console did not open it.");
  }
  if (origin !== expectedOrigin) {
    throw new ActionError(`The co-browsing API returned a watch link on ${origin} instead of ${expectedOrigin}; the console did not open it.`);
  }
  return watchUrl;
}

/**
 * Creates a watch link for a Visitor with the signed-in user as the agent. On premise, the cloud first
 * authorizes the session with a licence token. Returns the checked link: the caller redirects to it and
 * never stores it.
 */
export async function createCoBrowseLink(visitorId: string, chosen: Partial<Permissions>, caller: Caller): Promise<string> {
  const connection = apiConnection();
  const settings = await getConsoleSettings(await getDb());
  // Named by the console's own external id, so the API files every session of this user under one agent.
  const agent = { id: consoleAgentId(caller.id), name: caller.name };
  const permissions = { ...settings.defaultPermissions, ...chosen };
  let watchUrl: string;
  try {
    if (connection.mode === "onprem" && connection.onprem) {
      const token = await connection.cloud.createOnpremToken({ visitor_id: visitorId, agent });
      if (!token.authorized) throw new ActionError(COBROWSE_ERRORS.payment_required);
      ({ watch_url: watchUrl } = await connection.onprem.createWatchUrl(visitorId, { licenseToken: token.token, agent, permissions }));
    } else {
      ({ watch_url: watchUrl } = await connection.cloud.createWatchUrl(visitorId, {
        agent,
        permissions,
        ...(settings.webhookUrl ? { webhook_url: settings.webhookUrl } : {}),
      }));
    }
  } catch (error) {
    if (error instanceof ActionError) throw error;
    throw new ActionError(describeApiError(error, COBROWSE_ERRORS));
  }
  return checkWatchOrigin(watchUrl, connection.watchOrigin);
}
