import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./schema";

/** Several app nodes: PostgreSQL, Redis and the secrets they share. */
const cluster = {
  REDIS_URL: "redis://127.0.0.1:6379",
  DATABASE_URL: "postgres://tandem@127.0.0.1/tandem",
  NEXTAUTH_SECRET: "n".repeat(32),
  LINK_SIGNING_SECRET: "l".repeat(32),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
};

/** Single sign-on with the least it needs. */
const sso = {
  OIDC_ISSUER: "https://login.example.com/realms/acme",
  OIDC_CLIENT_ID: "tandem",
  OIDC_CLIENT_SECRET: "s3cret-value",
  NEXTAUTH_URL: "https://tandem.example.com",
};

describe("parseEnv", () => {
  it("takes several app nodes' configuration when the shared secrets are all there", () => {
    expect(parseEnv(cluster)).toMatchObject({ REDIS_URL: cluster.REDIS_URL, LINK_SIGNING_SECRET: cluster.LINK_SIGNING_SECRET });
  });

  it("needs nothing: the embedded service on PGlite in .data/pglite, port 3000", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve(".data"));
    expect(env.PGLITE_DIR).toBe(path.resolve(".data/pglite"));
    expect(env.COBROWSE_API_URL).toBeUndefined();
    expect(env.TANDEM_DEMO_SEED).toBe(false);
  });

  it("gives the universal proxy a port of its own, PORT + 1 unless PROXY_PORT says otherwise", () => {
    expect(parseEnv({ PORT: "4000" }).PROXY_PORT).toBe(4001);
    expect(parseEnv({ PORT: "4000", PROXY_PORT: "5000" }).PROXY_PORT).toBe(5000);
    expect(() => parseEnv({ PORT: "4000", PROXY_PORT: "4000" })).toThrow("PROXY_PORT must be a port other than PORT");
    expect(() => parseEnv({ NEXTAUTH_URL: "https://help.example.com", PROXY_PUBLIC_URL: "https://help.example.com/" })).toThrow(
      "PROXY_PUBLIC_URL must be an origin other than the console's",
    );
  });

  it("treats empty strings as unset and trims trailing slashes from URLs", () => {
    const env = parseEnv({ COBROWSE_API_URL: "https://api.example.com/", COBROWSE_API_KEY: "secret-key-1", DATABASE_URL: "" });
    expect(env.COBROWSE_API_URL).toBe("https://api.example.com");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads the voice calls' ICE servers: none by default, TURN with its secret, relay only with TURN", () => {
    expect(parseEnv({})).toMatchObject({ STUN_URLS: [], TURN_URLS: [], TURN_CREDENTIAL_TTL_SECONDS: 300, ICE_TRANSPORT_POLICY: "all" });
    const turn = { TURN_URLS: "turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349", TURN_SECRET: "t".repeat(32) };
    expect(parseEnv({ ...turn, ICE_TRANSPORT_POLICY: "relay" })).toMatchObject({
      TURN_URLS: ["turn:turn.example.com:3478?transport=udp", "turns:turn.example.com:5349"],
      ICE_TRANSPORT_POLICY: "relay",
    });
    expect(() => parseEnv({ TURN_URLS: turn.TURN_URLS })).toThrow("Invalid configuration: TURN_SECRET must be set together with the other TURN_ variable");
    expect(() => parseEnv({ TURN_SECRET: turn.TURN_SECRET })).toThrow("Invalid configuration: TURN_URLS must be set together");
    expect(() => parseEnv({ ICE_TRANSPORT_POLICY: "relay" })).toThrow("Invalid configuration: TURN_URLS is required when ICE_TRANSPORT_POLICY is relay");
    expect(() => parseEnv({ ...turn, TURN_URLS: "https://turn.example.com" })).toThrow("TURN_URLS must list turn: or turns: URLs");
    expect(() => parseEnv({ STUN_URLS: "turn:x" })).toThrow("STUN_URLS must list stun: or stuns: URLs");
    // The secret is never echoed.
    expect(() => parseEnv({ ...turn, TURN_SECRET: "short-secret" })).toThrow(/^Invalid configuration: TURN_SECRET must be at least 16 characters$/);
  });

  it("reads TRUSTED_PROXIES as a list, none by default", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: " loopback, 10.0.0.0/8 ,," }).TRUSTED_PROXIES).toEqual(["loopback", "10.0.0.0/8"]);
  });

  it("reads single sign-on with its defaults: any domain, the groups claim, no group mapped, passwords on", () => {
    const env = parseEnv(sso);
    expect(env).toMatchObject({ OIDC_ISSUER: sso.OIDC_ISSUER, OIDC_DISPLAY_NAME: "single sign-on", OIDC_ROLE_CLAIM: "groups", PASSWORD_SIGN_IN: true });
    expect(env.OIDC_SCOPES).toEqual(["openid", "email", "profile"]);
    expect(env.OIDC_ALLOWED_DOMAINS).toEqual([]);
    expect(env.OIDC_ADMIN_GROUPS).toEqual([]);
  });

  it("reads the lists of domains, groups and scopes", () => {
    const env = parseEnv({
      ...sso,
      OIDC_ALLOWED_DOMAINS: " Example.com, @acme.co.uk ,",
      OIDC_ADMIN_GROUPS: "tandem-admins, /Support/Admins",
      OIDC_LEAD_GROUPS: "tandem-leads",
      OIDC_SCOPES: "openid email profile groups",
      PASSWORD_SIGN_IN: "false",
    });
    expect(env.OIDC_ALLOWED_DOMAINS).toEqual(["example.com", "acme.co.uk"]);
    expect(env.OIDC_ADMIN_GROUPS).toEqual(["tandem-admins", "/Support/Admins"]);
    expect(env.OIDC_LEAD_GROUPS).toEqual(["tandem-leads"]);
    expect(env.OIDC_SCOPES).toEqual(["openid", "email", "profile", "groups"]);
    expect(env.PASSWORD_SIGN_IN).toBe(false);
  });

  it("accepts a plain http issuer on loopback only", () => {
    expect(parseEnv({ ...sso, OIDC_ISSUER: "http://127.0.0.1:4000" }).OIDC_ISSUER).toBe("http://127.0.0.1:4000");
    expect(parseEnv({ ...sso, OIDC_ISSUER: "http://localhost:4000/" }).OIDC_ISSUER).toBe("http://localhost:4000/");
  });

  it.each([
    [{ ...sso, OIDC_ISSUER: "http://login.example.com" }, "Invalid configuration: OIDC_ISSUER must be an https URL (plain http only on localhost)"],
    [
      { ...sso, OIDC_CLIENT_SECRET: "" },
      "Invalid configuration: OIDC_CLIENT_SECRET must be set together with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
    ],
    [{ OIDC_CLIENT_ID: "tandem" }, "Invalid configuration: OIDC_ISSUER must be set together with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET"],
    [
      { ...sso, NEXTAUTH_URL: "" },
      "Invalid configuration: NEXTAUTH_URL is required when OIDC_ISSUER is set: it makes the callback URL registered at the provider",
    ],
    [{ PASSWORD_SIGN_IN: "false" }, "Invalid configuration: PASSWORD_SIGN_IN may be false only when single sign-on is configured (OIDC_ISSUER)"],
    [{ PASSWORD_SIGN_IN: "no" }, "Invalid configuration: PASSWORD_SIGN_IN must be true or false"],
    [{ OIDC_ADMIN_GROUPS: "admins" }, "Invalid configuration: OIDC_ISSUER is required when OIDC_ALLOWED_DOMAINS, OIDC_ADMIN_GROUPS or OIDC_LEAD_GROUPS is set"],
    [
      { ...sso, OIDC_ALLOWED_DOMAINS: "example.com, *.acme.com" },
      'Invalid configuration: OIDC_ALLOWED_DOMAINS must list email domains such as example.com (got "example.com, *.acme.com")',
    ],
    [{ ...sso, OIDC_SCOPES: "email profile" }, 'Invalid configuration: OIDC_SCOPES must include openid (got "email profile")'],
  ])("refuses a broken single sign-on configuration %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("never echoes the client secret", () => {
    expect(() => parseEnv({ ...sso, OIDC_ISSUER: "", OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "hunter2-secret" })).toThrow(/^(?!.*hunter2)/);
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be at most 65535 (got "70000")'],
    [{ COBROWSE_API_URL: "ftp://x" }, 'Invalid configuration: COBROWSE_API_URL must be an http(s) URL (got "ftp://x")'],
    [{ DATABASE_URL: "mysql://u:p@h/db" }, "Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://"],
    [{ ADMIN_EMAIL: "ops@example.com" }, "Invalid configuration: ADMIN_PASSWORD must be set together with the other ADMIN_ variable"],
    [{ ONPREM_REST_KEY: "abcdefgh12" }, "Invalid configuration: ONPREM_BASE_URL must be set together with the other ONPREM_ variable"],
    [{ COBROWSE_API_URL: "https://api.example.com" }, "Invalid configuration: COBROWSE_API_KEY is required when COBROWSE_API_URL is set"],
    [{ NEXTAUTH_SECRET: "short" }, "Invalid configuration: NEXTAUTH_SECRET must be at least 32 characters"],
    [
      { TRUSTED_PROXIES: "10.0.0.0/8, nginx" },
      'Invalid configuration: TRUSTED_PROXIES must list IP addresses, CIDR ranges or loopback, linklocal, uniquelocal ("nginx" is none of them) (got "10.0.0.0/8, nginx")',
    ],
    [
      { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "c2hvcnQ=" },
      "Invalid configuration: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be a base64 AES key of 16, 24 or 32 bytes (openssl rand -base64 32)",
    ],
    [{ ...cluster, DATABASE_URL: "" }, "Invalid configuration: DATABASE_URL is required when REDIS_URL is set: several app nodes share one PostgreSQL"],
    [{ ...cluster, LINK_SIGNING_SECRET: "" }, "Invalid configuration: LINK_SIGNING_SECRET must be set, the same on every app node, when REDIS_URL is set"],
    [
      { ...cluster, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: undefined },
      "Invalid configuration: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be set, the same on every app node, when REDIS_URL is set",
    ],
  ])("refuses %o with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("never echoes a secret's value in its error", () => {
    expect(() => parseEnv({ NEXTAUTH_SECRET: "hunter2-short" })).toThrow(/^(?!.*hunter2)/);
  });
});
