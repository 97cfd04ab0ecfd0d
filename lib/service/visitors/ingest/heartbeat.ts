import type { Db } from "@/lib/db";
import { forgetVisitorCredentials } from "../credentials";
import type { Team } from "../../teams/team";
import { presenceWriter } from "./presence-state";

/**
 * POST /collect/heartbeat: the visitor is still on the page, so it stays online 30 s more. Most beats
 * only wait for the next flush of the presence writer; the others are written at once (writeHeartbeat).
 */
export async function beatVisitor(db: Db, team: Team, visitorId: string): Promise<{ lookupCode: string | null }> {
  try {
    const { lookupCode } = await presenceWriter().beat(db, team, visitorId);
    return { lookupCode };
  } catch (error) {
    // A visitor deleted meanwhile: its credentials go too, so that its script registers again.
    if (error instanceof Error && "code" in error && error.code === "visitor_not_found") forgetVisitorCredentials(visitorId);
    throw error;
  }
}
