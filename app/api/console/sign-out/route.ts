import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authSecret } from "@/lib/console/auth/auth-options";
import { consoleRoute } from "@/lib/console/route";
import { SSO_PROVIDER_ID, ssoConfig } from "@/lib/console/sso/config";
import { providerSignOutUrl } from "@/lib/console/sso/end-session";
import { env } from "@/lib/env";

/**
 * Where the browser goes once the console session is ended: the identity provider's sign-out page for a
 * user who signed in through it (when the provider offers one), else nowhere (null: the sign-in page).
 */
export const GET = consoleRoute("agent", async (request) => {
  const config = ssoConfig(env());
  const token = await getToken({ req: request as NextRequest, secret: authSecret() });
  const url = config && token?.provider === SSO_PROVIDER_ID ? await providerSignOutUrl(config, token.idToken) : null;
  return Response.json({ status: "ok", providerSignOutUrl: url }, { headers: { "Cache-Control": "no-store" } });
});
