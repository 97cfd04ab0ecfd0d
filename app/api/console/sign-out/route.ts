import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authSecret } from "@/lib/console/auth/auth-options";
import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { SSO_PROVIDER_ID, ssoConfig } from "@/lib/console/sso/config";
import { providerSignOutUrl } from "@/lib/console/sso/end-session";
import { env } from "@/lib/env";

/** The identity provider's sign-out page for a user who signed in through it, when it offers one. */
export const GET = serveRead(CONSOLE_READS.signOut, async ({ request }) => {
  const config = ssoConfig(env());
  const token = await getToken({ req: request as NextRequest, secret: authSecret() });
  return { providerSignOutUrl: config && token?.provider === SSO_PROVIDER_ID ? await providerSignOutUrl(config, token.idToken) : null };
});
