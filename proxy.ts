import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { decodeSessionToken } from "@/lib/console/auth/session-decode";
import { isWithinAbsoluteLimit } from "@/lib/console/auth/session-limits";
import { contentSecurityPolicy, createNonce, EMBED_ORIGINS_HEADER, frameAncestors } from "@/lib/security/content-security-policy";

/** Pages anyone may open: sign-in, password reset links, watch and recording links, the demo shop, proxied pages. */
const PUBLIC_PAGE = /^\/(login|demo)(\/|$)|^\/(watch|proxy|reset-password)\//;
const WATCH_PAGE = /^\/watch\//;
/** Pages whose URL holds a bearer token (a watch link, a password reset link). */
const TOKEN_PAGE = /^\/(watch|reset-password)\//;

/**
 * Gives every page a fresh nonce and its Content-Security-Policy. Next reads the policy from the request
 * to put the nonce on its own scripts; the root layout reads `x-nonce` for Tandem's inline script.
 */
function withPagePolicy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const watch = WATCH_PAGE.test(request.nextUrl.pathname);
  const policy = contentSecurityPolicy(watch ? "watch" : "console", {
    nonce,
    frameAncestors: watch ? frameAncestors(request.headers.get(EMBED_ORIGINS_HEADER)) : undefined,
    development: process.env.NODE_ENV === "development",
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  // A watch, recording or reset link is a bearer token in the URL: never send it anywhere as a referrer.
  if (TOKEN_PAGE.test(request.nextUrl.pathname)) response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}

/**
 * Sends anonymous page views of the console to the sign-in page. A convenience, never the security
 * boundary: every page, server action and console route handler checks the caller itself.
 */
const signedInOnly = withAuth((request) => withPagePolicy(request), {
  pages: { signIn: "/login" },
  jwt: { decode: decodeSessionToken },
  callbacks: { authorized: ({ token }) => Boolean(token?.sub) && isWithinAbsoluteLimit(token?.signedInAt) },
});

export default function proxy(request: NextRequest, event: NextFetchEvent) {
  return PUBLIC_PAGE.test(request.nextUrl.pathname) ? withPagePolicy(request) : signedInOnly(request as NextRequestWithAuth, event);
}

export const config = {
  // Every page. The APIs, the service's paths, the visitor script and static files have no page policy.
  // Nor has a server action's call (`Next-Action` header): it answers with data, not a document, and the
  // action checks its caller itself, so the proxy would only decrypt the session once more.
  matcher: [
    {
      source: "/((?!api/|v1\\.[34]/|integrations/intercom/|service-admin/|collect/|live/|healthz|readyz|_next/|favicon\\.ico|cobrowse|viewer\\.js).*)",
      missing: [{ type: "header", key: "next-action" }],
    },
  ],
};
