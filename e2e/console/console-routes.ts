import fs from "node:fs";
import path from "node:path";
import type { Role } from "@/lib/console/auth/roles";
import { CONSOLE_PAGES } from "@/lib/console/pages";
import { READ_ROUTES } from "@/lib/console/reads/routes";

/**
 * Who may use each page, route handler and server action of the console: the table the authorization
 * spec checks the running app against. Pages and route handlers come from their declarations
 * (lib/console/pages.ts, lib/console/reads/routes.ts); actions are listed here. The spec discovers what is
 * on disk (and in the build) by itself, and fails when something found is not declared, or something
 * declared is gone: a new page, handler or action must be given its role before it ships.
 *
 * Roles: agent (usage, visitors, detail, co-browse, stop) < lead (+ agents, audit)
 * < admin (+ delete, purge, settings, users).
 */
export const ACCESS = {
  /** Pages of app/(console), by route. */
  pages: Object.fromEntries(Object.values(CONSOLE_PAGES).map((page) => [page.route, page.role])),
  /** Route handlers under app/api/console, by "METHOD route" (`[name]` for a path parameter, as on disk). */
  routeHandlers: Object.fromEntries(Object.values(READ_ROUTES).map((read) => [`GET ${read.path.replace(/\{(\w+)\}/g, "[$1]")}`, read.role])),
  /**
   * Server actions, by "file#export". "public" is for an action a stranger must be able to call; it
   * needs its own guard (the first admin's setup only works while no user exists at all).
   */
  actions: {
    "lib/console/setup/actions.ts#createFirstAdmin": "public",
    // The one-time reset token is its guard.
    "lib/console/account/reset-actions.ts#resetPassword": "public",
    "lib/console/account/actions.ts#changePassword": "agent",
    "lib/console/account/actions.ts#createPasswordReset": "admin",
    "lib/console/visitors/actions.ts#startCoBrowse": "agent",
    "lib/console/visitors/actions.ts#stopSession": "agent",
    "lib/console/visitors/actions.ts#createProxyLink": "agent",
    "lib/console/visitors/actions.ts#deleteVisitor": "admin",
    "lib/console/visitors/actions.ts#purgeOfflineVisitors": "admin",
    "lib/console/sessions/actions.ts#saveSessionNotes": "agent",
    "lib/console/sessions/actions.ts#rateSession": "agent",
    "lib/console/help-queue/actions.ts#claimHelpRequest": "agent",
    "lib/console/help-queue/actions.ts#releaseHelpRequest": "agent",
    "lib/console/help-queue/actions.ts#setHelpAlerts": "agent",
    "lib/console/settings/actions.ts#createUser": "admin",
    "lib/console/settings/actions.ts#changeUserRole": "admin",
    "lib/console/settings/actions.ts#disableUser": "admin",
    "lib/console/settings/actions.ts#enableUser": "admin",
    "lib/console/settings/actions.ts#saveLinkSettings": "admin",
    "lib/console/settings/actions.ts#revealWebhookSecret": "admin",
    "lib/console/settings/actions.ts#rotateWebhookSecret": "admin",
    "lib/console/settings/actions.ts#updateTeamSettings": "admin",
    "lib/console/settings/actions.ts#createApiKey": "admin",
    "lib/console/settings/actions.ts#revokeApiKey": "admin",
  },
} satisfies { pages: Record<string, Role>; routeHandlers: Record<string, Role>; actions: Record<string, Role | "public"> };

export interface ConsoleEndpoint {
  /** The route as declared, e.g. "/agents/[ref]" or "GET /api/console/me". */
  key: string;
  method: string;
  /** A path to request; dynamic segments get a placeholder id. */
  path: string;
  /** The declared role; null when the table does not list it (the spec fails on that). */
  role: Role | null;
  /** True when the path has a placeholder: the allowed role may then see a 404 rather than a 200. */
  dynamic: boolean;
  file: string;
}

export interface ServerAction {
  key: string;
  role: Role | "public" | null;
  /** The action's id in the build, absent when no page can call it (no client code imports it). */
  id?: string;
  /** A page of the build that can run it: actions are posted to a page. */
  pagePath?: string;
}

const ROOT = process.cwd();
const APP = path.join(ROOT, "app");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function walk(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** "app/(console)/agents/[ref]/page" style segments → the route ("/agents/[ref]") and a path to request. */
function routeOf(segments: string[]): { route: string; path: string; dynamic: boolean } {
  const visible = segments.filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment) && !segment.startsWith("@"));
  const dynamic = visible.some((segment) => segment.startsWith("["));
  return {
    route: "/" + visible.join("/"),
    path: "/" + visible.map((segment) => (segment.startsWith("[") ? "no-such-id" : segment)).join("/"),
    dynamic,
  };
}

function segmentsOf(file: string, root: string): string[] {
  return path.relative(root, path.dirname(file)).split(path.sep);
}

function lookUp<T extends string>(table: Record<string, T>, key: string): T | null {
  return Object.hasOwn(table, key) ? table[key] : null;
}

/** Pages of app/(console). */
export function consolePages(): ConsoleEndpoint[] {
  const root = path.join(APP, "(console)");
  return walk(root, (name) => /^page\.(tsx|ts|jsx|js)$/.test(name)).map((file) => {
    const { route, path: urlPath, dynamic } = routeOf(segmentsOf(file, root));
    return { key: route, method: "GET", path: urlPath, role: lookUp<Role>(ACCESS.pages, route), dynamic, file: relative(file) };
  });
}

/** Route handlers under app/api/console, one entry per exported HTTP method. */
export function consoleRouteHandlers(): ConsoleEndpoint[] {
  const root = path.join(APP, "api", "console");
  return walk(root, (name) => /^route\.(ts|js)$/.test(name)).flatMap((file) => {
    const source = fs.readFileSync(file, "utf8");
    const { route, path: urlPath, dynamic } = routeOf(["api", "console", ...segmentsOf(file, root)]);
    return HTTP_METHODS.filter((method) =>
      new RegExp(`export\\s+(?:const|(?:async\\s+)?function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`).test(source),
    ).map((method) => {
      const key = `${method} ${route}`;
      return { key, method, path: urlPath, role: lookUp<Role>(ACCESS.routeHandlers, key), dynamic, file: relative(file) };
    });
  });
}

/** A module whose first statement is the "use server" directive: each of its exports is an action. */
const USE_SERVER_MODULE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use server["']/;

function exportedNames(source: string): string[] {
  const names = [...source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var)\s+([A-Za-z_$][\w$]*)/g)].map((match) => match[1]);
  for (const list of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list[1].split(",")) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && !name.startsWith("type ")) names.push(name);
    }
  }
  if (/export\s+default\b/.test(source)) names.push("default");
  return names;
}

interface ManifestEntry {
  workers: Record<string, unknown>;
  filename?: string;
  exportedName?: string;
}

function buildManifest(): Record<string, ManifestEntry> {
  const file = path.join(ROOT, process.env.NEXT_DIST_DIR || ".next", "server", "server-reference-manifest.json");
  if (!fs.existsSync(file)) throw new Error(`No build at ${relative(file)}: build the app before running the e2e specs.`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { node: Record<string, ManifestEntry> }).node;
}

/**
 * Every server action: the exports of every "use server" module under app/, lib/ and components/,
 * plus whatever the build registered (which also reveals inline "use server" functions, listed by the
 * name the compiler gave them; those cannot be declared here and should move into an actions module).
 */
export function serverActions(): ServerAction[] {
  const found = new Map<string, ServerAction>();
  const add = (key: string, extra: Partial<ServerAction> = {}) =>
    found.set(key, { key, role: lookUp<Role | "public">(ACCESS.actions, key), ...found.get(key), ...extra });

  for (const dir of ["app", "lib", "components"]) {
    for (const file of walk(path.join(ROOT, dir), (name) => /\.(tsx?|jsx?)$/.test(name) && !/\.test\.tsx?$/.test(name))) {
      const source = fs.readFileSync(file, "utf8");
      if (USE_SERVER_MODULE.test(source)) for (const name of exportedNames(source)) add(`${relative(file)}#${name}`);
    }
  }
  for (const [id, entry] of Object.entries(buildManifest())) {
    const page = Object.keys(entry.workers).find((worker) => worker.startsWith("app/") && worker.endsWith("/page"));
    add(`${entry.filename ?? "?"}#${entry.exportedName ?? id}`, { id, pagePath: page ? routeOf(page.split("/").slice(1, -1)).path : undefined });
  }
  return [...found.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** What the discovery found that the table does not list, and what the table lists that is gone. */
export function undeclared(): { unlisted: string[]; stale: string[] } {
  const pages = consolePages();
  const handlers = consoleRouteHandlers();
  const actions = serverActions();
  const unlisted = [...pages, ...handlers, ...actions].filter((entry) => entry.role === null).map((entry) => entry.key);
  const found = new Set([...pages, ...handlers, ...actions].map((entry) => entry.key));
  const declared = [...Object.keys(ACCESS.pages), ...Object.keys(ACCESS.routeHandlers), ...Object.keys(ACCESS.actions)];
  return { unlisted, stale: declared.filter((key) => !found.has(key)) };
}
