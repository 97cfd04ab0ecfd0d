import "server-only";
import type { FindVisitorsOutput } from "@/lib/contract/mcp";
import type { Db } from "@/lib/db";
import type { Team } from "../teams/team";
import { listVisitors } from "../visitors/read";

/** The team's visitors matching the v1.3 search grammar, as an AI agent needs them: presence and page. */
export async function findAiVisitors(db: Db, team: Team, input: { search?: string; online?: boolean; max_results: number }): Promise<FindVisitorsOutput> {
  const found = await listVisitors(db, team, { search: input.search, maxResults: input.max_results, online: input.online });
  return {
    visitors: found.map((visitor) => ({
      visitor_id: visitor.short_id,
      lookup_code: visitor.lookup_code ?? null,
      name: visitor.call_name ?? null,
      email: visitor.email ?? null,
      is_online: visitor.is_online ?? false,
      in_session: visitor.is_in_session ?? false,
      current_url: visitor.last_url ?? null,
      current_title: visitor.last_title ?? null,
      last_seen: visitor.last_seen_at ?? null,
    })),
  };
}
