import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";

export const FIRST_NAMES = [
  "jane",
  "omar",
  "lucia",
  "wei",
  "amara",
  "noah",
  "priya",
  "mateo",
  "sofia",
  "kenji",
  "fatima",
  "liam",
  "chloe",
  "ivan",
  "aisha",
  "lars",
];
export const LAST_NAMES = ["cooper", "haddad", "garcia", "zhang", "okafor", "muller", "patel", "rossi", "nowak", "tanaka", "silva", "dubois", "kim", "larsen"];
const PAGES = ["/", "/pricing", "/products/trail-runner", "/cart", "/checkout", "/account/orders", "/help/returns"];

const arrayLiteral = (items: string[]) => sql.raw(`array[${items.map((item) => `'${item}'`).join(",")}]`);

/**
 * Fills a team with `count` visitors in one SQL statement per chunk (generate_series), with names,
 * emails, unique ids, tags and URLs shaped like real traffic, spread over the last 30 days.
 */
export async function fillVisitors(db: Db, teamId: string, count: number, chunk = 100_000): Promise<void> {
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    await db.execute(sql`
      with generated as (
        select g as n,
               (${arrayLiteral(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] as first,
               (${arrayLiteral(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as last,
               (${arrayLiteral(PAGES)})[1 + g % ${PAGES.length}] as page
        from generate_series(${start}::int, ${end}::int) as g
      )
      insert into visitors (short_id, team_id, token_hash, added_at, last_seen_at, online_until, browser_name, device_type,
                            call_name, email, identities, unique_id, tags, integration_ids, ip_address, last_url, lookup_code, search_text)
      select 'B' || lpad(to_hex(n), 8, '0'), ${teamId}, md5(n::text),
             now() - (n % 2592000) * interval '1 second' - interval '1 day',
             now() - (n % 2592000) * interval '1 second',
             case when n % 5000 = 0 then now() + interval '1 day' else now() - (n % 2592000) * interval '1 second' end,
             'Chrome', 'desktop',
             initcap(first) || ' ' || initcap(last),
             first || '.' || last || n || '@example.org',
             array[initcap(first) || ' ' || initcap(last), first || '.' || last || n || '@example.org'],
             'user-' || n,
             case when n % 50 = 0 then array['#vip'] when n % 7 = 0 then array['#trial'] else '{}'::text[] end,
             case when n % 20 = 0 then array['acmechat:' || n] else '{}'::text[] end,
             '198.51.' || (n / 256 % 256) || '.' || (n % 256),
             'https://shop.example.com' || page,
             case when n % 5000 = 0 then lpad((n / 5000 % 10000)::text, 4, '0') end,
             lower(first || ' ' || last || ' ' || first || '.' || last || n || '@example.org user-' || n || ' https://shop.example.com' || page)
      from generated
      on conflict do nothing`);
  }
}
