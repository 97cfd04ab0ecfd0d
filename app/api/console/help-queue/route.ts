import { NextResponse } from "next/server";
import { helpAlertsEnabled } from "@/lib/console/help-queue/preferences";
import { readHelpQueue } from "@/lib/console/help-queue/read-help-queue";
import { consoleRoute } from "@/lib/console/route";
import { getDb } from "@/lib/db";

/**
 * The help queue's polling source (the navigation's count, the alerts and the Visitors page's panel).
 * Failures are answered by consoleRoute: an API failure as the API's, anything else as the console's.
 */
export const GET = consoleRoute("agent", async (_request, { caller }) => {
  const alerts = await helpAlertsEnabled(await getDb(), caller.id);
  return NextResponse.json({ status: "ok", requests: await readHelpQueue(), alerts, me: caller.id }, { headers: { "cache-control": "no-store" } });
});
