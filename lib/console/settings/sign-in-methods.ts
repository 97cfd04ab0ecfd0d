import "server-only";
import { env } from "@/lib/env";
import { ssoConfig } from "../sso/config";
import { providerDiscovery } from "../sso/end-session";

/** How the console is signed into, for Settings: never a secret (the client secret stays on the server). */
export interface SignInMethods {
  password: { enabled: boolean; breakGlassAdmin: string | null };
  sso: {
    displayName: string;
    issuer: string;
    clientId: string;
    callbackUrl: string;
    postLogoutRedirectUrl: string;
    scopes: string[];
    allowedDomains: string[];
    roleClaim: string;
    adminGroups: string[];
    leadGroups: string[];
    /** What the provider's discovery document says now; null when it could not be read. */
    discovery: { providerSignOut: boolean } | null;
  } | null;
}

export async function signInMethods(): Promise<SignInMethods> {
  const config = ssoConfig(env());
  const password = { enabled: env().PASSWORD_SIGN_IN, breakGlassAdmin: env().PASSWORD_SIGN_IN ? null : (env().ADMIN_EMAIL ?? null) };
  if (!config) return { password, sso: null };
  const { displayName, issuer, clientId, callbackUrl, postLogoutRedirectUrl, scopes, allowedDomains, roleClaim, adminGroups, leadGroups } = config;
  const discovery = await providerDiscovery(config);
  return {
    password,
    sso: {
      displayName,
      issuer,
      clientId,
      callbackUrl,
      postLogoutRedirectUrl,
      scopes,
      allowedDomains,
      roleClaim,
      adminGroups,
      leadGroups,
      discovery: discovery && { providerSignOut: Boolean(discovery.metadata.end_session_endpoint) },
    },
  };
}
