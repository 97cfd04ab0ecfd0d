import type { Server } from "node:http";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { freePort } from "../../lib/testing/free-port";

/** A person at the test identity provider: its login is the subject; every other claim is the test's to set. */
export interface ProviderUser {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Omitted: the provider sends no groups claim. */
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who can sign in, by login (any password works). Change an entry and the next sign-in sees it. */
  users: Map<string, ProviderUser>;
  /** Rewrites (and re-signs with the provider's key) the next id_tokens the token endpoint issues: a hostile provider. */
  tamperIdToken: ((payload: JWTPayload) => JWTPayload) | null;
  /** Rewrites the next authorization responses (the redirect to Tandem's callback with `code` and `state`): an attacker in the middle. */
  tamperCallback: ((callback: URL) => void) | null;
  stop: () => Promise<void>;
}

const KEY_ID = "e2e-signing-key";

/**
 * A standards-compliant OpenID provider (`oidc-provider`) on loopback, with one confidential client for
 * Tandem: authorization code flow with PKCE, discovery, userinfo (where the email and groups claims are,
 * as OpenID Connect specifies for the code flow), RP-initiated logout. Its development login form takes
 * any password for a known login.
 */
export async function startOidcProvider(options: { redirectUri: string; postLogoutRedirectUri: string }): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: "RS256", use: "sig" };
  const state: TestProvider = {
    issuer,
    clientId: "tandem-console",
    clientSecret: "e2e-client-secret-0123456789abcdef",
    users: new Map(),
    tamperIdToken: null,
    tamperCallback: null,
    stop: async () => undefined,
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        client_name: "Tandem",
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: ["e2e-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    pkce: { required: () => true },
    // Quiet: the defaults log a notice each.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3_600, Grant: 3_600 },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, login) {
      const user = state.users.get(login);
      if (!user) return undefined;
      return { accountId: login, claims: () => ({ sub: login, ...user }) };
    },
    // A first-party client: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId = oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    const location: unknown = ctx.response.get("location");
    if (state.tamperCallback && typeof location === "string" && location.startsWith(options.redirectUri)) {
      const callback = new URL(location);
      state.tamperCallback(callback);
      ctx.set("location", callback.toString());
    }
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === "/token" && state.tamperIdToken && typeof body?.id_token === "string") {
      const payload = state.tamperIdToken(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: KEY_ID, typ: "JWT" }).sign(privateKey);
    }
  });

  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolve(listening));
  });
  state.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
