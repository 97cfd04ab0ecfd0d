import { withAuth } from "next-auth/middleware";
import { isWithinAbsoluteLimit } from "@/lib/console/session-limits";

/**
 * Sends anonymous page views of the console to the sign-in page. A convenience, never the security
 * boundary: every page, server action and console route handler checks the caller itself.
 */
export default withAuth({
  pages: { signIn: "/login" },
  callbacks: { authorized: ({ token }) => Boolean(token?.sub) && isWithinAbsoluteLimit(token?.signedInAt) },
});

export const config = {
  // The console's pages; the APIs, the visitor script and the watch links authenticate on their own.
  matcher: ["/((?!api/|v1\\.3/|service-admin/|collect/|watch/|proxy/|live/|demo|login|healthz|readyz|_next/|favicon\\.ico|cobrowse).*)"],
};
