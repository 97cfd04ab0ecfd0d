import { requirePageCaller } from "@/lib/console/auth/caller";
import type { Role } from "@/lib/console/auth/roles";

/**
 * A segment's layout that checks the role as well as its pages do: a layout renders before the pages'
 * loading state streams, so a caller without the role gets a 403 answer, not a 200 page that says no.
 */
export function roleLayout(role: Role) {
  return async function RoleLayout({ children }: { children: React.ReactNode }) {
    await requirePageCaller(role);
    return children;
  };
}
