import type { Env } from "@/lib/env";

/** next-auth's id of the OpenID Connect provider: part of the callback URL registered at the provider. */
export const SSO_PROVIDER_ID = "oidc";

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  scopes: string[];
  /** Lower-case email domains allowed in; none means any domain. */
  allowedDomains: string[];
  roleClaim: string;
  adminGroups: string[];
  leadGroups: string[];
  /** Where the provider sends the browser back with the authorization code (register it at the provider). */
  callbackUrl: string;
  /** Where the provider sends the browser after signing out there (register it too, where the provider asks). */
  postLogoutRedirectUrl: string;
  /** The provider's discovery document. */
  wellKnownUrl: string;
  /** The break-glass admin (ADMIN_EMAIL), whom single sign-on never signs in as, links, renames or re-roles. */
  breakGlassEmail: string | null;
}

/** The single sign-on configuration, or null when none is configured (OIDC_ISSUER unset). */
export function ssoConfig(env: Env): SsoConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET || !env.NEXTAUTH_URL) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    displayName: env.OIDC_DISPLAY_NAME,
    scopes: env.OIDC_SCOPES,
    allowedDomains: env.OIDC_ALLOWED_DOMAINS,
    roleClaim: env.OIDC_ROLE_CLAIM,
    adminGroups: env.OIDC_ADMIN_GROUPS,
    leadGroups: env.OIDC_LEAD_GROUPS,
    callbackUrl: `${env.NEXTAUTH_URL}/api/auth/callback/${SSO_PROVIDER_ID}`,
    postLogoutRedirectUrl: `${env.NEXTAUTH_URL}/login`,
    // Issuers may end with a slash (Auth0's do); discovery is always under the issuer's path.
    wellKnownUrl: `${env.OIDC_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
    breakGlassEmail: env.ADMIN_EMAIL ?? null,
  };
}

/** Whether an email may sign in with a password: anyone while password sign-in is on, else only the break-glass admin. */
export function passwordSignInAllowed(env: Env, email: string): boolean {
  return env.PASSWORD_SIGN_IN || (env.ADMIN_EMAIL !== undefined && email.toLowerCase() === env.ADMIN_EMAIL);
}
