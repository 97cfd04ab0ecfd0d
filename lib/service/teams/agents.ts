import { and, eq } from "drizzle-orm";
import type { Agent } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { iso } from "../core/format";
import { newId } from "../core/ids";
import { agents } from "../core/schema";

type AgentRow = typeof agents.$inferSelect;

/**
 * The agent behind a watch-link request's `agent.id`: one of the team's Users when the id is theirs,
 * else the External Agent with that external id, created on first use and renamed when the name changes.
 */
export async function resolveAgent(db: Db, teamId: string, agent: { id: string; name: string }): Promise<AgentRow> {
  const [user] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.teamId, teamId), eq(agents.id, agent.id), eq(agents.kind, "user")));
  if (user) {
    await db.update(agents).set({ lastRequestAt: new Date() }).where(eq(agents.id, user.id));
    return user;
  }
  const [external] = await db
    .insert(agents)
    .values({ id: newId("ea_", 12), teamId, kind: "external", externalId: agent.id, name: agent.name, nickname: agent.name })
    .onConflictDoUpdate({ target: [agents.teamId, agents.externalId], set: { name: agent.name, lastRequestAt: new Date() } })
    .returning();
  return external;
}

/** An agent as the API's Agent resource, without its sessions (sessions/lookup-agent.ts adds them). */
export function toAgentResource(agent: AgentRow): Omit<Agent, "sessions"> {
  return {
    id: agent.id,
    agent_nickname: agent.nickname,
    created_at: iso(agent.createdAt),
    email: agent.email,
    first_name: agent.firstName,
    last_name: agent.lastName,
    name: agent.name,
    from_oauth: agent.fromOauth,
    last_request_at: iso(agent.lastRequestAt),
    live_support: agent.liveSupport,
    mfa_enabled: agent.mfaEnabled,
    password: agent.hasPassword,
    phone_number: agent.phoneNumber,
    signup_hours_offset: agent.signupHoursOffset,
    timezone: agent.timezone,
    _type: agent.kind === "user" ? "user" : "external_agent",
  };
}
