import { NuqsAdapter } from "nuqs/adapters/next/app";
import { WidgetError } from "@/components/usage/widget-error";
import { isApiError, type Session } from "@/lib/client";
import { listConsoleMembers } from "@/lib/console/agents/console-users";
import type { Caller } from "@/lib/console/auth/caller";
import { hasRole } from "@/lib/console/auth/roles";
import { loadSessions } from "@/lib/console/sessions/load-sessions";
import { getDb } from "@/lib/db";
import { SessionsBrowser } from "./sessions-browser";

/** The sessions the caller may list (their own, or the team's), with the table's filters; the API's failure said in place. */
export async function SessionsList({ caller }: { caller: Caller }) {
  let sessions: Session[];
  try {
    sessions = await loadSessions(caller);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return <WidgetError title="The sessions could not be loaded" error={error} />;
  }
  const members = hasRole(caller.role, "lead") ? (await listConsoleMembers(await getDb())).map(({ id, email, name }) => ({ id, email, name })) : null;
  return (
    // The table's filters live in the URL (nuqs): its adapter is mounted where it is used, not for every page.
    <NuqsAdapter>
      <SessionsBrowser sessions={sessions} members={members} />
    </NuqsAdapter>
  );
}
