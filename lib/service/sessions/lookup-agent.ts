import { and, eq, sql } from "drizzle-orm";
import type { Agent } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { agents } from "../core/schema";
import { toAgentResource } from "../teams/agents";
import type { Team } from "../teams/team";
import { agentSessions } from "./load";

/** Agent lookup: a User by email, or an External Agent by external id, with its sessions. */
export async function lookupAgent(db: Db, team: Team, by: { email: string } | { external_id: string }): Promise<Agent> {
  const where =
    "email" in by
      ? and(eq(agents.teamId, team.id), eq(agents.kind, "user"), eq(sql`lower(${agents.email})`, by.email.toLowerCase()))
      : and(eq(agents.teamId, team.id), eq(agents.kind, "external"), eq(agents.externalId, by.external_id));
  const [agent] = await db.select().from(agents).where(where).limit(1);
  if (!agent) throw new ServiceError("agent_not_found", "No such agent.");
  return { ...toAgentResource(agent), sessions: await agentSessions(db, team, agent.id) };
}
