import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";

/**
 * A long-tail population, generated deterministically: 20,000 first names and 300,000 last names, a
 * few common and most rare (name k is drawn with probability ∝ 1/(k+1): the commonest first name is on
 * ~7 % of visitors, most last names on a handful); 5 % of first names accented (José), 5 % of last names
 * hyphenated or apostrophised (Smith-Jones, O'Brien); 3,000 product pages with titles. Each visitor's
 * name and page are drawn by a hash of its number, so rare names are spread over the 30 days of visits.
 */
export const FIRST_NAME_COUNT = 20_000;
export const LAST_NAME_COUNT = 300_000;
export const PRODUCT_COUNT = 3_000;

const CONSONANTS = ["b", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z"];
const VOWELS = ["a", "e", "i", "o", "u"];
const SYLLABLES = CONSONANTS.flatMap((c) => VOWELS.map((v) => c + v));
const ENDINGS = ["", "n", "r", "s", "l", "son", "sen", "ez", "ski", "berg", "ova", "ini", "ard", "ton", "well", "ley"];
const ACCENTED: Record<string, string> = { a: "á", e: "é", i: "í", o: "ö", u: "ü" };
const ADJECTIVES = [
  "trail",
  "urban",
  "classic",
  "ultra",
  "merino",
  "alpine",
  "coastal",
  "summit",
  "rapid",
  "cosy",
  "storm",
  "velvet",
  "linen",
  "canvas",
  "cedar",
];
const NOUNS = [
  "runner",
  "jacket",
  "backpack",
  "sandal",
  "hoodie",
  "blanket",
  "bottle",
  "lantern",
  "kettle",
  "scarf",
  "boots",
  "tent",
  "gloves",
  "beanie",
  "duffel",
];
const PAGES: [string, string][] = [
  ["/", "Shop: outdoor gear"],
  ["/pricing", "Pricing and plans"],
  ["/cart", "Your cart"],
  ["/checkout", "Checkout"],
  ["/account/orders", "Your orders"],
  ["/help/returns", "Returns and refunds"],
  ["/help/shipping", "Shipping times"],
];

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The syllables of number k in a mixed radix: names of common (small) k are short. */
function syllables(k: number, min: number): string {
  let name = "";
  let rest = k;
  for (let i = 0; i < min || rest > 0; i++) {
    name += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  return name;
}

function distinct(count: number, make: (k: number) => string): string[] {
  const names = new Set<string>();
  for (let k = 0; names.size < count; k++) names.add(make(k));
  return [...names];
}

let firstNames: string[] | undefined;
let lastNames: string[] | undefined;

/** First names as shown ("José"), commonest first. */
export function firstNameList(): string[] {
  return (firstNames ??= distinct(FIRST_NAME_COUNT, (k) => {
    const name = syllables(k, 2);
    return capitalize(k % 20 === 7 ? name.replace(/[aeiou](?=[^aeiou]*$)/, (vowel) => ACCENTED[vowel]) : name);
  }));
}

/** Last names as shown ("Okonski", "Bada-Ruson", "O'Neri"), commonest first. */
export function lastNameList(): string[] {
  return (lastNames ??= distinct(LAST_NAME_COUNT, (k) => {
    const name = capitalize(syllables(Math.floor(k / ENDINGS.length), 2) + ENDINGS[k % ENDINGS.length]);
    if (k % 40 === 3) return `${name}-${capitalize(syllables(k % 997, 2))}`;
    if (k % 40 === 23) return `O'${name}`;
    return name;
  }));
}

/** Product pages after the fixed pages: [path, title]. */
export function pageList(): [string, string][] {
  const products = Array.from({ length: PRODUCT_COUNT }, (_, k): [string, string] => {
    const adjective = ADJECTIVES[k % ADJECTIVES.length];
    const noun = NOUNS[Math.floor(k / ADJECTIVES.length) % NOUNS.length];
    const model = Math.floor(k / (ADJECTIVES.length * NOUNS.length));
    return [`/products/${adjective}-${noun}-${model}`, `${capitalize(adjective)} ${capitalize(noun)} ${model} | Shop`];
  });
  return [...PAGES, ...products];
}

/** One multiplier per draw (a multiplicative hash each), so that a visitor's name and page are independent. */
const MULTIPLIERS = [2654435761, 2246822519, 3266489917, 668265263];

/** Which of `count` entries (commonest first) visitor n draws with `seed`: a hash of n, then ∝ 1/(k+1). */
export function drawn(n: number, seed: number, count: number): number {
  const u = Number((BigInt(n) * BigInt(MULTIPLIERS[seed])) % 4294967296n) / 4294967296;
  return Math.min(count - 1, Math.floor(Math.pow(count + 1, u)) - 1);
}

/** The same draw in SQL, for the fill's generate_series. */
const drawnSql = (seed: number, count: number) =>
  sql.raw(`least(${count - 1}, floor(power(${count + 1}, ((n::bigint * ${MULTIPLIERS[seed]}) % 4294967296)::float8 / 4294967296))::int - 1)`);

const slug = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

/** Visitor n of the fill: its name and email (the search benchmarks ask for them). */
export function filledVisitor(n: number): { id: string; first: string; last: string; email: string } {
  const first = firstNameList()[drawn(n, 1, FIRST_NAME_COUNT)];
  const last = lastNameList()[drawn(n, 2, LAST_NAME_COUNT)];
  return { id: `B${n.toString(16).padStart(8, "0")}`, first, last, email: `${slug(first)}.${slug(last)}${n}@example.org` };
}

/** Loads a list into a work table `name(k, value, extra)` with one statement. */
async function loadList(db: Db, table: string, rows: [string, string][]): Promise<void> {
  await db.execute(sql.raw(`drop table if exists ${table}`));
  await db.execute(sql.raw(`create table ${table} (k int primary key, value text not null, extra text not null)`));
  for (let start = 0; start < rows.length; start += 50_000) {
    const part = JSON.stringify(rows.slice(start, start + 50_000));
    await db.execute(sql`insert into ${sql.raw(table)} (k, value, extra)
      select ${start}::int + i::int - 1, row->>0, row->>1 from jsonb_array_elements(${part}::jsonb) with ordinality as list(row, i)`);
  }
}

/**
 * Fills a team with `count` visitors in one SQL statement per chunk (generate_series), with names,
 * emails, unique ids, tags, URLs and titles shaped like real traffic, spread over the last 30 days.
 * The visitors' trigger derives each one's words; the team's dictionary is then built in one statement,
 * as the migration does, rather than row by row (the server is not running yet). `idPrefix` begins each
 * visitor's id: teams filled in one database need different ones.
 */
export async function fillVisitors(db: Db, teamId: string, count: number, { chunk = 50_000, idPrefix = "B" } = {}): Promise<void> {
  await loadList(
    db,
    "fill_first_names",
    firstNameList().map((name) => [name, slug(name)]),
  );
  await loadList(
    db,
    "fill_last_names",
    lastNameList().map((name) => [name, slug(name)]),
  );
  const pages = pageList();
  await loadList(db, "fill_pages", pages);
  // A database without word search (an older schema, for before/after runs) is filled the same way.
  const [{ words }] = (await db.execute<{ words: boolean }>(sql`select to_regclass('search_words') is not null as words`)).rows;
  if (words) await db.execute(sql`alter table visitors disable trigger visitors_search_words_insert`);
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    await db.execute(sql`
      with generated as (
        select g as n, f.value as first, f.extra as first_slug, l.value as last, l.extra as last_slug,
               'https://shop.example.com' || p.value as url, p.extra as title,
               -- One in 5,000 online with a lookup code, as online visitors are: seen in the last half hour.
               n % 5000 = 0 as online,
               now() - (case when n % 5000 = 0 then n % 1800 else n % 2592000 end) * interval '1 second' as seen
        from generate_series(${start}::int, ${end}::int) as g
        cross join lateral (select g as n) as v
        join fill_first_names f on f.k = ${drawnSql(1, FIRST_NAME_COUNT)}
        join fill_last_names l on l.k = ${drawnSql(2, LAST_NAME_COUNT)}
        join fill_pages p on p.k = ${drawnSql(3, pages.length)}
      )
      insert into visitors (short_id, team_id, token_hash, added_at, last_seen_at, online_until, browser_name, device_type,
                            call_name, email, identities, unique_id, tags, integration_ids, ip_address, last_url, last_title, lookup_code, search_text)
      select ${idPrefix} || lpad(to_hex(n), 8, '0'), ${teamId}, md5(${idPrefix} || n::text),
             seen - interval '1 day', seen, case when online then seen + interval '1 hour' else seen end,
             'Chrome', 'desktop',
             first || ' ' || last,
             first_slug || '.' || last_slug || n || '@example.org',
             array[first || ' ' || last, first_slug || '.' || last_slug || n || '@example.org'],
             'user-' || n,
             case when n % 50 = 0 then array['#vip'] when n % 7 = 0 then array['#trial'] else '{}'::text[] end,
             case when n % 20 = 0 then array['acmechat:' || n] else '{}'::text[] end,
             '198.51.' || (n / 256 % 256) || '.' || (n % 256),
             url, title,
             case when online then lpad((n / 5000 % 10000)::text, 4, '0') end,
             lower(first || ' ' || last || ' ' || first_slug || '.' || last_slug || n || '@example.org user-' || n || ' ' || url || ' ' || title)
      from generated
      on conflict do nothing`);
  }
  if (words) await db.execute(sql`alter table visitors enable trigger visitors_search_words_insert`);
  if (words)
    await db.execute(sql`
    insert into search_words (team_id, word, keys)
    select ${teamId}, word, search_word_keys(word)
    from (select distinct unnest(search_words) as word from visitors where team_id = ${teamId}) as held
    where search_word_in_dictionary(word)
    on conflict do nothing`);
  for (const table of ["fill_first_names", "fill_last_names", "fill_pages"]) await db.execute(sql.raw(`drop table ${table}`));
}
