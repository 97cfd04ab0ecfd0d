import { hasRole, type Role } from "./auth/roles";

export interface ConsolePage {
  /** The route as app/(console) names it: `/visitors/[id]`. */
  route: string;
  role: Role;
  /** Its name in the navigation and the command palette; a page reached from another has none. */
  nav?: string;
}

/**
 * Every page of the console and the least role that may open it: the one place a page's role is written.
 * The page and its segment's layout guard with it (requirePage), the navigation and the command palette
 * list what a caller may open, links to a page are shown to those who may follow them, and the
 * authorization spec checks the running app against it. Plain data: client components read it too.
 */
export const CONSOLE_PAGES = {
  usage: { route: "/usage", role: "agent", nav: "Usage" },
  visitors: { route: "/visitors", role: "agent", nav: "Visitors" },
  visitor: { route: "/visitors/[id]", role: "agent" },
  // An agent sees their own sessions; leads and admins everyone's.
  sessions: { route: "/sessions", role: "agent", nav: "Sessions" },
  session: { route: "/sessions/[id]", role: "agent" },
  agents: { route: "/agents", role: "lead", nav: "Agents" },
  agent: { route: "/agents/[ref]", role: "lead" },
  audit: { route: "/audit", role: "lead", nav: "Audit" },
  settings: { route: "/settings", role: "admin", nav: "Settings" },
  account: { route: "/account", role: "agent" },
} as const satisfies Record<string, ConsolePage>;

/** Whether a role may open a page (and so be shown links to it). */
export function mayOpen(role: Role, page: ConsolePage): boolean {
  return hasRole(role, page.role);
}

export interface NavItem {
  href: string;
  label: string;
}

/** The navigation of a role, in order: the named pages it may open. */
export function navItems(role: Role): NavItem[] {
  return Object.values<ConsolePage>(CONSOLE_PAGES).flatMap((page) => (page.nav && mayOpen(role, page) ? [{ href: page.route, label: page.nav }] : []));
}
