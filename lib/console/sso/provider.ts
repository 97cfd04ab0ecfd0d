import type { OAuthConfig } from "next-auth/providers/oauth";
import type { TokenSet } from "openid-client";
import { SSO_PROVIDER_ID, type SsoConfig } from "./config";

export type OidcClaims = Record<string, unknown> & { sub: string };

/**
 * next-auth's OpenID Connect provider for any standard identity provider: endpoints and keys from the
 * issuer's discovery document, the authorization code flow with PKCE, `state` and `nonce`, and an
 * id_token whose signature, issuer, audience, nonce and expiry openid-client verifies.
 */
export function oidcProvider(config: SsoConfig): OAuthConfig<OidcClaims> {
  return {
    id: SSO_PROVIDER_ID,
    name: config.displayName,
    type: "oauth",
    wellKnown: config.wellKnownUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    authorization: { params: { scope: config.scopes.join(" ") } },
    httpOptions: { timeout: 10_000 },
    userinfo: {
      // Many providers put the groups and email claims in userinfo only (OpenID Connect's default for the
      // code flow). openid-client checks that userinfo's subject is the id_token's; the id_token's claims win.
      async request({ tokens, client }) {
        // next-auth hands over openid-client's TokenSet (its type says only the parameters).
        const tokenSet = tokens as TokenSet;
        const idTokenClaims = tokenSet.claims();
        if (!client.issuer.metadata.userinfo_endpoint || !tokenSet.access_token) return idTokenClaims;
        return { ...(await client.userinfo(tokenSet)), ...idTokenClaims };
      },
    },
    // The console user is found or created in the signIn callback; this is only next-auth's view of it.
    profile(claims) {
      return { id: claims.sub, email: typeof claims.email === "string" ? claims.email : null };
    },
  };
}
