import type { Role } from "../auth/roles";

/** Where a console read is (`{name}` marks a path parameter) and the least role that may call it. */
export interface ReadRoute {
  path: `/api/console/${string}`;
  role: Role;
}

/**
 * Every read of the console's own GET route handlers: its path and who may call it, written here once and
 * spread into its declaration (the schemas, in this folder). Zod-free, so browser code builds URLs and
 * query keys from it without bundling a schema; reads.ts types each use by its declaration.
 */
export const READ_ROUTES = {
  me: { path: "/api/console/me", role: "agent" },
  signOut: { path: "/api/console/sign-out", role: "agent" },
  visitors: { path: "/api/console/visitors", role: "agent" },
  visitorPresence: { path: "/api/console/visitors/{id}/presence", role: "agent" },
  helpQueue: { path: "/api/console/help-queue", role: "agent" },
  connection: { path: "/api/console/settings/connection", role: "admin" },
  agentUsageCsv: { path: "/api/console/usage/export/agents", role: "agent" },
  usageSeriesCsv: { path: "/api/console/usage/export/snapshots", role: "agent" },
  agentSessionsCsv: { path: "/api/console/agents/{ref}/sessions", role: "lead" },
  auditCsv: { path: "/api/console/audit/export", role: "lead" },
} as const satisfies Record<string, ReadRoute>;

export type ReadName = keyof typeof READ_ROUTES;
