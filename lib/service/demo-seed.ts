import { count, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { newId, sha256 } from "./core/ids";
import { agents, pageviews, sessionAgents, sessions, visitors } from "./core/schema";
import { visitorSearchText } from "./visitors/search";
import type { Team } from "./teams/team";

/** A small seeded generator, so every demo database looks the same. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const FIRST = ["Jane", "Omar", "Lucía", "Wei", "Amara", "Noah", "Priya", "Mateo", "Sofia", "Kenji", "Fatima", "Liam", "Chloé", "Ivan", "Aisha", "Lars"];
const LAST = ["Cooper", "Haddad", "García", "Zhang", "Okafor", "Müller", "Patel", "Rossi", "Nowak", "Tanaka", "Silva", "Dubois", "Kim", "Larsen"];
const PLACES = [
  ["Lisbon", "Portugal", "PT"],
  ["Berlin", "Germany", "DE"],
  ["Austin", "United States", "US"],
  ["Toronto", "Canada", "CA"],
  ["Lyon", "France", "FR"],
  ["Osaka", "Japan", "JP"],
  ["Nairobi", "Kenya", "KE"],
  ["Melbourne", "Australia", "AU"],
] as const;
const DEVICES = [
  ["desktop", "Chrome", "Mac"],
  ["desktop", "Firefox", "Windows PC"],
  ["desktop", "Edge", "Windows PC"],
  ["mobile", "Mobile Safari", "iPhone"],
  ["mobile", "Chrome Mobile", "Pixel 8"],
  ["tablet", "Mobile Safari", "iPad"],
] as const;
const PAGES = [
  ["/", "Home · Acme Store"],
  ["/pricing", "Pricing · Acme Store"],
  ["/products/trail-runner", "Trail Runner · Acme Store"],
  ["/cart", "Your cart · Acme Store"],
  ["/checkout", "Checkout · Acme Store"],
  ["/account/orders", "Your orders · Acme Store"],
  ["/help/returns", "Returns · Help"],
] as const;
const TAGS = ["#vip", "#trial", "#churn-risk", "#enterprise", "#new"];
const FEATURES = ["click", "scroll", "remote_cursor", "type", "draw"];
const DAY_MS = 86_400_000;

/** The team's agents: Users matching the console's demo users, plus External Agents of a help desk. */
const USERS = [
  { email: "admin@example.com", first: "Morgan", last: "Reyes" },
  { email: "lead@example.com", first: "Priya", last: "Shah" },
  { email: "agent@example.com", first: "Sam", last: "Carter" },
];
const EXTERNALS = [
  { externalId: "helpdesk-17", name: "Ana Ruiz" },
  { externalId: "helpdesk-42", name: "Tom Becker" },
];

/**
 * Realistic data for the embedded service of a new demo: a few hundred visitors with history, Users and
 * External Agents, and sessions over the last 30 days. Does nothing when the team already has visitors.
 */
export async function seedDemoService(db: Db, team: Team, now = new Date(), visitorCount = 300): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(visitors).where(eq(visitors.teamId, team.id));
  if (Number(n) > 0) return false;
  const random = generator(42);

  await db.transaction(async (tx) => {
    const agentRows = [
      ...USERS.map((user, i) => ({
        id: `u_${newId("", 10)}`,
        teamId: team.id,
        kind: "user" as const,
        email: user.email,
        firstName: user.first,
        lastName: user.last,
        name: `${user.first} ${user.last}`,
        nickname: user.first,
        hasPassword: true,
        liveSupport: i > 0,
        timezone: "Europe/Lisbon",
        createdAt: new Date(now.getTime() - 90 * DAY_MS),
      })),
      ...EXTERNALS.map((agent) => ({
        id: newId("ea_", 12),
        teamId: team.id,
        kind: "external" as const,
        externalId: agent.externalId,
        name: agent.name,
        nickname: agent.name.split(" ")[0],
        createdAt: new Date(now.getTime() - 60 * DAY_MS),
      })),
    ];
    await tx.insert(agents).values(agentRows);

    const visitorRows: Array<typeof visitors.$inferInsert> = [];
    const pageviewRows: Array<typeof pageviews.$inferInsert> = [];
    for (let i = 0; i < visitorCount; i++) {
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      const named = random.chance(0.7);
      const email = named
        ? `${first
            .normalize("NFD")
            .replace(/[^A-Za-z]/g, "")
            .toLowerCase()}.${last
            .normalize("NFD")
            .replace(/[^A-Za-z]/g, "")
            .toLowerCase()}${i}@example.org`
        : null;
      const [deviceType, browser, device] = random.pick(DEVICES);
      const [city, country, code] = random.pick(PLACES);
      // A dozen were on the site minutes ago. None is online: only a page that is really open (and beating)
      // makes a visitor online, or the console would offer Co-browse buttons that can never connect.
      const recent = i < 12;
      const lastSeen = new Date(now.getTime() - (recent ? random.int(2, 30) * 60_000 : Math.floor(random.next() ** 2 * 30 * DAY_MS)));
      const page = random.pick(PAGES);
      const row = {
        shortId: newId("", 8),
        teamId: team.id,
        tokenHash: sha256(newId("", 24)),
        addedAt: new Date(lastSeen.getTime() - random.int(0, 20) * DAY_MS),
        lastSeenAt: lastSeen,
        onlineUntil: lastSeen,
        browserName: browser,
        deviceName: device,
        deviceType,
        callName: named ? `${first} ${last}` : null,
        email,
        identities: named ? [`${first} ${last}`, email!] : [],
        uniqueId: named && random.chance(0.6) ? `user-${1000 + i}` : null,
        tags: TAGS.filter(() => random.chance(0.15)),
        integrationIds: random.chance(0.2) ? [`acmechat:${10_000 + i}`] : [],
        integration: random.chance(0.2) ? "acmechat" : null,
        ipAddress: `203.0.113.${i % 250}`,
        locationCity: city,
        locationCountryName: country,
        locationCountry: code,
        // Lookup codes belong to online visitors only.
        lookupCode: null,
        lastUrl: `https://shop.example.com${page[0]}`,
        lastTitle: page[1],
        jsConfiguration: true,
      };
      visitorRows.push({ ...row, searchText: visitorSearchText(row) });
      let at = row.addedAt.getTime();
      for (let p = 0, pages = random.int(1, 6); p < pages; p++) {
        const [path, title] = random.pick(PAGES);
        const duration = random.int(5, 240);
        pageviewRows.push({ visitorId: row.shortId, url: `https://shop.example.com${path}`, title, visitedAt: new Date(at), durationSeconds: duration });
        at += duration * 1000;
      }
    }
    for (let i = 0; i < visitorRows.length; i += 500) await tx.insert(visitors).values(visitorRows.slice(i, i + 500));
    for (let i = 0; i < pageviewRows.length; i += 1000) await tx.insert(pageviews).values(pageviewRows.slice(i, i + 1000));

    const sessionRows: Array<typeof sessions.$inferInsert> = [];
    const links: Array<typeof sessionAgents.$inferInsert> = [];
    for (let i = 0; i < 160; i++) {
      const visitor = random.pick(visitorRows);
      // Within the last 29 days: the demo's 30-day figures stay put for a day after seeding.
      const started = new Date(now.getTime() - random.next() * 29 * DAY_MS);
      const seconds = random.int(40, 1800);
      const wentLive = random.chance(0.9);
      const id = newId("s_", 16);
      // Every third session that went live had a voice call for most of it (no draw: the sequence stays put).
      const call = wentLive && i % 3 === 0 ? Math.round(seconds * 0.6) : 0;
      sessionRows.push({
        id,
        teamId: team.id,
        visitorId: visitor.shortId!,
        status: "ended",
        startedAt: started,
        liveAt: wentLive ? new Date(started.getTime() + 4000) : null,
        endedAt: new Date(started.getTime() + seconds * 1000),
        wentLive,
        sessionAuthorized: true,
        featuresUsed: wentLive ? [...FEATURES.filter(() => random.chance(0.5)), ...(call ? ["audio"] : [])] : [],
        callSeconds: call,
        callName: visitor.callName,
        metadata: { ticket: `T-${4000 + i}`, channel: random.pick(["chat", "phone", "email"]) },
        permissions: {
          allow_click: true,
          allow_scroll: true,
          allow_type: true,
          allow_draw: true,
          allow_agent_redirect: true,
          allow_audio: true,
          allow_console: false,
        },
        endReason: random.pick(["agent", "visitor", "api"]),
        agentSeenAt: started,
      });
      links.push({ sessionId: id, agentId: random.pick(agentRows).id, joinedAt: started });
    }
    await tx.insert(sessions).values(sessionRows);
    await tx.insert(sessionAgents).values(links);
  });
  return true;
}
