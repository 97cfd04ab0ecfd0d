import { sql } from "drizzle-orm";
import type { Usage } from "@/lib/contract";
import type { Db } from "@/lib/db";

/** Usage computed from the rows, in one round trip: "today" is the last 24 hours. */
export async function computeUsage(db: Db, teamId: string): Promise<Usage> {
  const result = await db.execute<Record<string, string | number | null>>(sql`
    with windowed as (
      select s.id, s.started_at, s.status,
             extract(epoch from (coalesce(s.ended_at, now()) - s.started_at)) as seconds
      from sessions s
      where s.team_id = ${teamId} and (s.started_at >= now() - interval '30 days' or s.status = 'ongoing')
    )
    select
      (select count(distinct sa.agent_id) from session_agents sa join windowed w on w.id = sa.session_id
         where w.started_at >= now() - interval '30 days' or w.status = 'ongoing') as agents_30d,
      (select count(distinct sa.agent_id) from session_agents sa join windowed w on w.id = sa.session_id
         where w.started_at >= now() - interval '24 hours' or w.status = 'ongoing') as agents_today,
      (select count(*) from windowed where started_at >= now() - interval '30 days') as sessions_30d,
      (select count(*) from windowed where started_at >= now() - interval '24 hours') as sessions_today,
      (select count(*) from windowed where status = 'ongoing') as sessions_now,
      (select coalesce(sum(seconds), 0) from windowed where started_at >= now() - interval '30 days') as seconds_30d,
      (select coalesce(sum(seconds), 0) from windowed where started_at >= now() - interval '24 hours') as seconds_today,
      (select count(*) from visitors v where v.team_id = ${teamId} and v.last_seen_at >= now() - interval '24 hours') as visitors_24h,
      (select count(*) from visitors v where v.team_id = ${teamId} and v.online_until > now()) as visitors_online
  `);
  const row = result.rows[0];
  const n = (key: string) => Math.round(Number(row[key] ?? 0));
  return {
    agents: { last_30_days: n("agents_30d"), today: n("agents_today") },
    session_counts: { last_30_days: n("sessions_30d"), now: n("sessions_now"), today: n("sessions_today") },
    session_seconds: { last_30_days: n("seconds_30d"), today: n("seconds_today") },
    visitors: { last_24_hrs: n("visitors_24h"), online_now: n("visitors_online") },
  };
}
