import fs from "node:fs";
import path from "node:path";
import { hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, expectTypeOf, it } from "vitest";
import { parseAuditFilters } from "../audit-log/filters";
import { parseSessionFilters } from "../agents/session-filters";
import { loadUsageSearchParams } from "../usage/search-params";
import { parseVisitorQuery } from "../visitors/search-params";
import { CONSOLE_READS } from ".";
import { prefetchedAnswer, readKey, readUrl, type AnswerOf } from "./define";
import { dehydrateRead } from "./prefetch";
import { READ_ROUTES, type ReadName } from "./routes";

const API = path.join(process.cwd(), "app", "api", "console");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : entry.name === "route.ts" ? [full] : [];
  });
}

/** app/api/console/visitors/[id]/presence/route.ts → /api/console/visitors/{id}/presence */
const pathOfFile = (file: string) =>
  "/" +
  path
    .relative(path.join(process.cwd(), "app"), path.dirname(file))
    .split(path.sep)
    .map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}"))
    .join("/");

/** The query a URL of the read carries, as its route handler receives it. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://console.test").searchParams);

describe("the console's reads", () => {
  const names = Object.keys(READ_ROUTES) as ReadName[];

  it("are each served by the route handler at their path, and every handler serves a declared read", () => {
    const files = routeFiles(API);
    expect(files.length).toBeGreaterThanOrEqual(names.length);
    for (const file of files) {
      const name = names.find((candidate) => READ_ROUTES[candidate].path === pathOfFile(file));
      expect(name, `${path.relative(process.cwd(), file)} is declared in lib/console/reads/routes.ts`).toBeDefined();
      const source = fs.readFileSync(file, "utf8");
      expect(source, `${name} is served from its declaration`).toMatch(new RegExp(`export const GET = serveRead\\(CONSOLE_READS\\.${name}\\b`));
      expect(source.match(/export /g), `${name}: GET is its only export`).toHaveLength(1);
    }
    for (const name of names) {
      expect(CONSOLE_READS[name]).toMatchObject(READ_ROUTES[name]);
      expect(fs.existsSync(path.join(process.cwd(), "app", READ_ROUTES[name].path.replace(/\{(\w+)\}/g, "[$1]"), "route.ts")), name).toBe(true);
    }
  });

  it("build their URLs from the declaration: each parameter one encoded segment, the query without empty values", () => {
    expect(readUrl(READ_ROUTES.me)).toBe("/api/console/me");
    expect(readUrl(READ_ROUTES.visitorPresence, { params: { id: "a/b c" } })).toBe("/api/console/visitors/a%2Fb%20c/presence");
    expect(readUrl(READ_ROUTES.auditCsv, { query: { actor: "ann@example.com", action: "", outcome: undefined } })).toBe(
      "/api/console/audit/export?actor=ann%40example.com",
    );
    expect(() => readUrl(READ_ROUTES.visitorPresence, { params: { id: "" } })).toThrow(/needs its id/);
  });

  it("are typed by their declarations: parameters required where the path has them, the query's fields, the answer", () => {
    // @ts-expect-error the presence read needs the visitor's id
    expect(() => readUrl(READ_ROUTES.visitorPresence)).toThrow();
    // @ts-expect-error the audit export has no such filter
    readUrl(READ_ROUTES.auditCsv, { query: { page: 2 } });
    expectTypeOf<AnswerOf<typeof READ_ROUTES.helpQueue>["requests"][number]["claimedBy"]>().toEqualTypeOf<{ id: string; name: string } | null>();
    expectTypeOf<AnswerOf<typeof READ_ROUTES.visitorPresence>>().toEqualTypeOf<{ presence: { online: boolean; inSession: boolean } }>();
  });

  it("take back what the browser sends: the Visitors query round-trips through its URL", () => {
    for (const search of ["", "?search=jane+%23vip&status=online&limit=150", "?status=offline", "?search=a%26b"]) {
      const query = parseVisitorQuery(new URLSearchParams(search));
      expect(CONSOLE_READS.visitors.query.parse(queryOf(readUrl(READ_ROUTES.visitors, { query })))).toEqual(query);
    }
  });

  it("download exactly what the pages show: a page's parsed filters make a link its export takes as they are", () => {
    const audit = "?action=sign_in&actor=%20ann%40example.com%20&outcome=failure&from=2026-11-01&to=2026-11-23&page=3&extra=1";
    const { page: _page, ...auditFilters } = parseAuditFilters(new URLSearchParams(audit));
    expect(CONSOLE_READS.auditCsv.query.parse(queryOf(readUrl(READ_ROUTES.auditCsv, { query: auditFilters })))).toEqual(auditFilters);

    const sessions = parseSessionFilters(new URLSearchParams("?from=2026-11-01&feature=remote_cursor&live=no&to=nonsense"));
    const sessionsUrl = readUrl(READ_ROUTES.agentSessionsCsv, { params: { ref: "email:lead@example.com" }, query: sessions });
    expect(CONSOLE_READS.agentSessionsCsv.query.parse(queryOf(sessionsUrl))).toEqual(sessions);

    for (const search of ["?range=7d", "", "?range=forever"]) {
      const { range } = loadUsageSearchParams(new URLSearchParams(search));
      expect(CONSOLE_READS.usageSeriesCsv.query.parse(queryOf(readUrl(READ_ROUTES.usageSeriesCsv, { query: { range } })))).toEqual({ range });
    }
  });

  it("refuse what the pages' parsers would drop, naming the field", () => {
    const refused = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues[0]?.path.join(".");
    expect(refused(CONSOLE_READS.auditCsv.query.safeParse({ from: "yesterday" }))).toBe("from");
    expect(refused(CONSOLE_READS.auditCsv.query.safeParse({ outcome: "maybe" }))).toBe("outcome");
    expect(refused(CONSOLE_READS.auditCsv.query.safeParse({ actor: "x".repeat(201) }))).toBe("actor");
    expect(refused(CONSOLE_READS.agentSessionsCsv.query.safeParse({ feature: "no spaces" }))).toBe("feature");
    expect(refused(CONSOLE_READS.agentSessionsCsv.params.safeParse({ ref: "lead@example.com" }))).toBe("ref");
    expect(refused(CONSOLE_READS.usageSeriesCsv.query.safeParse({ range: "1y" }))).toBe("range");
    expect(refused(CONSOLE_READS.visitors.query.safeParse({ limit: "75" }))).toBe("limit");
    expect(refused(CONSOLE_READS.visitors.query.safeParse({ search: "x".repeat(501) }))).toBe("search");
    expect(CONSOLE_READS.agentSessionsCsv.params.parse({ ref: "external:helpdesk-17" })).toEqual({ ref: { kind: "external", externalId: "helpdesk-17" } });
  });

  it("are keyed by their path first, so one invalidation refreshes every query of a read", () => {
    expect(readKey(READ_ROUTES.visitors, { query: { search: "jane", status: "all", limit: 50 } })[0]).toBe(READ_ROUTES.visitors.path);
    expect(readKey(READ_ROUTES.helpQueue)).toEqual([READ_ROUTES.helpQueue.path, {}, {}]);
  });
});

describe("a read's server prefetch", () => {
  const query = parseVisitorQuery({ search: "jane" });
  const answer = { visitors: [{ short_id: "ABC123" }, { short_id: "DEF456" }] };

  it("the page reads its rows back from the dehydrated cache, under its own query only", () => {
    const { state, hash } = dehydrateRead(READ_ROUTES.visitors, { query }, answer);
    expect(prefetchedAnswer(READ_ROUTES.visitors, state, hash)).toEqual(answer);
    expect(prefetchedAnswer(READ_ROUTES.visitors, state, dehydrateRead(READ_ROUTES.visitors, { query: { ...query, limit: 100 } }, null).hash)).toBeUndefined();
  });

  it("hydrated in the browser's client, the hook's query starts from it", () => {
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(dehydrateRead(READ_ROUTES.visitors, { query }, answer).state)));
    // The key the browser's hook asks with, from its own copy of the query.
    expect(client.getQueryData(readKey(READ_ROUTES.visitors, { query: { ...parseVisitorQuery(new URLSearchParams("?search=jane")) } }))).toEqual(answer);
  });

  it("a refused search prefetches nothing, so the live list asks again", () => {
    expect(dehydrateRead(READ_ROUTES.visitors, { query }, null).state.queries).toEqual([]);
  });
});
