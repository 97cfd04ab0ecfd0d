import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { isApiError, type Agent, type Session } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { consoleUsers } from "@/lib/console/schema";
import { getDb } from "@/lib/db";
import { consoleAgentId, mergeSessions } from "./console-agent";

export interface ConsoleUserRef {
  id: string;
  email: string;
  name: string;
}

async function findConsoleUser(where: SQL): Promise<ConsoleUserRef | null> {
  const [row] = await (
    await getDb()
  )
    .select({ id: consoleUsers.id, email: consoleUsers.email, name: consoleUsers.name })
    .from(consoleUsers)
    .where(where)
    .limit(1);
  return row ?? null;
}

export const findConsoleUserByEmail = (email: string) => findConsoleUser(eq(sql`lower(${consoleUsers.email})`, email.toLowerCase()));
export const findConsoleUserById = (id: string) => findConsoleUser(eq(consoleUsers.id, id));

async function lookupOrNull(by: { email: string } | { externalId: string }): Promise<Agent | null> {
  try {
    return await apiConnection().cloud.lookupAgent(by);
  } catch (error) {
    if (isApiError(error) && error.kind === "not_found") return null;
    throw error;
  }
}

/**
 * A console user as the API knows them: the User with their email (sessions held in the API account) and
 * the External Agent the console files them under (sessions started from the console), as one agent.
 * Null when the API knows neither yet.
 */
export async function lookupConsoleUserAgent(user: ConsoleUserRef): Promise<Agent | null> {
  const [asUser, asConsole] = await Promise.all([lookupOrNull({ email: user.email }), lookupOrNull({ externalId: consoleAgentId(user.id) })]);
  const base = asUser ?? asConsole;
  if (!base) return null;
  return { ...base, email: base.email || user.email, sessions: mergeSessions(asUser?.sessions ?? null, asConsole?.sessions ?? null) };
}

/** The sessions of a console user (both lookups), or null when the API knows neither agent. */
export async function loadConsoleUserSessions(user: ConsoleUserRef): Promise<Session[] | null> {
  return (await lookupConsoleUserAgent(user))?.sessions ?? null;
}
