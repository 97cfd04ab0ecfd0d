import path from "node:path";
import { z } from "zod";
import { compileTrustedProxies } from "../client-address";

// Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).transform((value) => value.replace(/\/+$/, ""));

/** A comma-separated list, its entries trimmed and empty ones dropped; none when unset. */
const commaList = optional(z.string()).transform((value) =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean),
);

/** Loopback hosts, where an identity provider may be reached over plain http (a provider on the same machine). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

// The provider's answers decide who signs in: outside loopback, only over TLS.
const issuerUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine((value) => {
  const url = new URL(value);
  return url.protocol === "https:" || LOOPBACK_HOST.test(url.hostname);
}, "must be an https URL (plain http only on localhost)");

const EMAIL_DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const perMinute = (fallback: number) =>
  optional(z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1)).transform((value) => value ?? fallback);

/** Secrets that must be equal on every app node: sign-in sessions, server actions, watch links and viewer tokens. */
export const SHARED_SECRETS = ["NEXTAUTH_SECRET", "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "LINK_SIGNING_SECRET"] as const;

export const envSchema = z
  .object({
    COBROWSE_API_URL: optional(httpUrl),
    COBROWSE_API_KEY: optional(z.string().min(8, "must be at least 8 characters")),
    ONPREM_BASE_URL: optional(httpUrl),
    ONPREM_REST_KEY: optional(z.string().min(8, "must be at least 8 characters")),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")),
    DATA_DIR: optional(z.string()).transform((value) => path.resolve(/*turbopackIgnore: true*/ value ?? ".data")),
    PGLITE_DIR: optional(z.string()),
    TANDEM_NODE_NAME: optional(z.string().regex(/^[\w.-]{1,64}$/, "must be 1-64 letters, digits, dots, dashes or underscores")),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, "must start with redis:// or rediss://")),
    NEXTAUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    NEXTAUTH_URL: optional(httpUrl),
    // Next.js reads it itself; checked here so that several app nodes cannot start without one.
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: optional(
      z
        .string()
        .refine(
          (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && [16, 24, 32].includes(Buffer.from(value, "base64").length),
          "must be a base64 AES key of 16, 24 or 32 bytes (openssl rand -base64 32)",
        ),
    ),
    PORT: optional(z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).max(65535, "must be at most 65535")).transform(
      (value) => value ?? 3000,
    ),
    ADMIN_EMAIL: optional(z.email({ error: "must be an email address" }).transform((value) => value.toLowerCase())),
    ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
    LINK_SIGNING_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    REST_KEY: optional(z.string().min(8, "must be at least 8 characters")),
    INTERCOM_CLIENT_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
    WATCH_LINK_TTL_SECONDS: optional(z.coerce.number({ error: "must be a number" }).int().min(10).max(86_400)).transform((value) => value ?? 300),
    API_RATE_LIMIT_PER_MINUTE: perMinute(600),
    VISITOR_RATE_LIMIT_PER_MINUTE: perMinute(1_200),
    REGISTRATION_RATE_LIMIT_PER_MINUTE: perMinute(120),
    SITE_RATE_LIMIT_PER_MINUTE: perMinute(1_200_000),
    LIVE_RATE_LIMIT_PER_MINUTE: perMinute(6_000),
    LIVE_STREAMS_PER_ADDRESS: optional(z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1)).transform((value) => value ?? 64),
    SIGN_IN_FAILURES_PER_ADDRESS: optional(z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1)).transform(
      (value) => value ?? 30,
    ),
    TRUSTED_PROXIES: commaList.superRefine((entries, ctx) => {
      for (const entry of entries) {
        try {
          compileTrustedProxies([entry]);
        } catch {
          ctx.addIssue({ code: "custom", message: `must list IP addresses, CIDR ranges or loopback, linklocal, uniquelocal ("${entry}" is none of them)` });
          return;
        }
      }
    }),
    // The universal proxy's own origin: proxied sites' scripts must never run on the console's origin.
    PROXY_PORT: optional(z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).max(65535, "must be at most 65535")),
    PROXY_PUBLIC_URL: optional(httpUrl),
    PROXY_ALLOW_PRIVATE_NETWORKS: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform((value) => value === "true"),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform((value) => value === "true"),
    // Where password reset links are emailed from (nodemailer's URL form, which may carry the relay's login).
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")),
    SMTP_FROM: optional(z.string().trim().min(3).max(200, "must be at most 200 characters")).transform((value) => value ?? "Tandem <no-reply@localhost>"),
    PASSWORD_SIGN_IN: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform((value) => value !== "false"),
    OIDC_ISSUER: optional(issuerUrl),
    OIDC_CLIENT_ID: optional(z.string().max(500, "must be at most 500 characters")),
    OIDC_CLIENT_SECRET: optional(z.string().max(2000, "must be at most 2000 characters")),
    OIDC_DISPLAY_NAME: optional(z.string().trim().min(1).max(40, "must be at most 40 characters")).transform((value) => value ?? "single sign-on"),
    OIDC_SCOPES: optional(z.string())
      .transform((value) => (value ?? "openid email profile").split(/[\s,]+/).filter(Boolean))
      .refine((scopes) => scopes.includes("openid"), "must include openid")
      .refine((scopes) => scopes.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(scope)), "must be scope names separated by spaces"),
    OIDC_ALLOWED_DOMAINS: commaList
      .transform((domains) => domains.map((domain) => domain.replace(/^@/, "").toLowerCase()))
      .refine((domains) => domains.every((domain) => EMAIL_DOMAIN.test(domain)), "must list email domains such as example.com"),
    OIDC_ROLE_CLAIM: optional(z.string().trim().min(1).max(200, "must be at most 200 characters")).transform((value) => value ?? "groups"),
    OIDC_ADMIN_GROUPS: commaList,
    OIDC_LEAD_GROUPS: commaList,
    TANDEM_DEMO_SEED: optional(z.enum(["0", "1"], { error: "must be 0 or 1" })).transform((value) => value === "1"),
    // Voice calls (WebRTC): the ICE servers each side is given. TURN credentials are minted per call from
    // TURN_SECRET (coturn's use-auth-secret), so the secret itself never reaches a browser.
    STUN_URLS: commaList.refine((urls) => urls.every((url) => /^stuns?:[^\s]+$/.test(url)), "must list stun: or stuns: URLs"),
    TURN_URLS: commaList.refine((urls) => urls.every((url) => /^turns?:[^\s]+$/.test(url)), "must list turn: or turns: URLs"),
    TURN_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
    // Minted when the visitor accepts a call. coturn checks it when a relay is opened; the relay's refreshes
    // go on with the key it was opened with, so it needs to cover a call's setup, not its length.
    TURN_CREDENTIAL_TTL_SECONDS: optional(
      z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(60).max(3_600, "must be at most 3600 (an hour)"),
    ).transform((value) => value ?? 300),
    ICE_TRANSPORT_POLICY: optional(z.enum(["all", "relay"], { error: "must be all or relay" })).transform((value) => value ?? "all"),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with the other ADMIN_ variable",
      });
    }
    if (Boolean(env.ONPREM_BASE_URL) !== Boolean(env.ONPREM_REST_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ONPREM_BASE_URL ? "ONPREM_REST_KEY" : "ONPREM_BASE_URL"],
        message: "must be set together with the other ONPREM_ variable",
      });
    }
    if (env.REDIS_URL) {
      // Several app nodes: one PostgreSQL, and the secrets each node would otherwise generate for itself.
      if (!env.DATABASE_URL)
        ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required when REDIS_URL is set: several app nodes share one PostgreSQL" });
      for (const name of SHARED_SECRETS) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "must be set, the same on every app node, when REDIS_URL is set" });
      }
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      const missing = (["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const).find((name) => !env[name]);
      ctx.addIssue({ code: "custom", path: [missing!], message: "must be set together with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET" });
    }
    if (!env.OIDC_ISSUER && [env.OIDC_ALLOWED_DOMAINS, env.OIDC_ADMIN_GROUPS, env.OIDC_LEAD_GROUPS].some((list) => list.length > 0)) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "is required when OIDC_ALLOWED_DOMAINS, OIDC_ADMIN_GROUPS or OIDC_LEAD_GROUPS is set" });
    }
    if (env.OIDC_ISSUER && !env.NEXTAUTH_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_URL"],
        message: "is required when OIDC_ISSUER is set: it makes the callback URL registered at the provider",
      });
    }
    if (!env.PASSWORD_SIGN_IN && !env.OIDC_ISSUER) {
      ctx.addIssue({ code: "custom", path: ["PASSWORD_SIGN_IN"], message: "may be false only when single sign-on is configured (OIDC_ISSUER)" });
    }
    const proxyPort = env.PROXY_PORT ?? env.PORT + 1;
    if (proxyPort === env.PORT || proxyPort > 65535) {
      ctx.addIssue({ code: "custom", path: ["PROXY_PORT"], message: "must be a port other than PORT (the proxy has an origin of its own)" });
    }
    const proxyOrigin = env.PROXY_PUBLIC_URL && URL.parse(env.PROXY_PUBLIC_URL)?.origin;
    const publicOrigin = URL.parse(env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`)?.origin;
    if (proxyOrigin && proxyOrigin === publicOrigin) {
      ctx.addIssue({ code: "custom", path: ["PROXY_PUBLIC_URL"], message: "must be an origin other than the console's (NEXTAUTH_URL)" });
    }
    if (Boolean(env.TURN_URLS.length) !== Boolean(env.TURN_SECRET)) {
      ctx.addIssue({ code: "custom", path: [env.TURN_SECRET ? "TURN_URLS" : "TURN_SECRET"], message: "must be set together with the other TURN_ variable" });
    }
    if (env.ICE_TRANSPORT_POLICY === "relay" && !env.TURN_URLS.length) {
      ctx.addIssue({ code: "custom", path: ["TURN_URLS"], message: "is required when ICE_TRANSPORT_POLICY is relay" });
    }
    if (env.COBROWSE_API_URL && !env.COBROWSE_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["COBROWSE_API_KEY"], message: "is required when COBROWSE_API_URL is set" });
    }
  })
  .transform((env) => ({
    ...env,
    PROXY_PORT: env.PROXY_PORT ?? env.PORT + 1,
    PGLITE_DIR: path.resolve(/*turbopackIgnore: true*/ env.PGLITE_DIR ?? path.join(env.DATA_DIR, "pglite")),
  }));

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment, throwing a ConfigError whose message is one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue.path[0] ?? "environment");
  const shown = source[variable];
  const secret = /KEY|SECRET|PASSWORD|DATABASE_URL|REDIS_URL/.test(variable);
  const got = shown === undefined || secret ? "" : ` (got "${shown}")`;
  throw new ConfigError(variable, `${issue.message}${got}`);
}
