import { helpAlertsEnabled } from "@/lib/console/help-queue/preferences";
import { readHelpQueue } from "@/lib/console/help-queue/read-help-queue";
import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { getDb } from "@/lib/db";

export const GET = serveRead(CONSOLE_READS.helpQueue, async ({ caller }) => ({
  requests: await readHelpQueue(),
  alerts: await helpAlertsEnabled(await getDb(), caller.id),
  me: caller.id,
}));
