import { agentUsageCsvRead, auditCsvRead, agentSessionsCsvRead, usageSeriesCsvRead } from "./exports";
import { meRead, signOutRead } from "./account";
import { helpQueueRead } from "./help-queue";
import { connectionRead } from "./settings";
import { visitorPresenceRead, visitorsRead } from "./visitors";
import type { ReadName } from "./routes";

/**
 * Every console read, by the name of its route: what the route handlers serve (serve.ts) and what the
 * tests walk. Browser code imports routes.ts instead, and a declaration's types.
 */
export const CONSOLE_READS = {
  me: meRead,
  signOut: signOutRead,
  visitors: visitorsRead,
  visitorPresence: visitorPresenceRead,
  helpQueue: helpQueueRead,
  connection: connectionRead,
  agentUsageCsv: agentUsageCsvRead,
  usageSeriesCsv: usageSeriesCsvRead,
  agentSessionsCsv: agentSessionsCsvRead,
  auditCsv: auditCsvRead,
} satisfies Record<ReadName, unknown>;

export type DeclaredRead = (typeof CONSOLE_READS)[ReadName];
