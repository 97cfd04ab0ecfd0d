import path from "node:path";
import { z } from "zod";
import { compileTrustedProxies } from "../client-address";

// Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).transform((value) => value.replace(/\/+$/, ""));

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
    WATCH_LINK_TTL_SECONDS: optional(z.coerce.number({ error: "must be a number" }).int().min(10).max(86_400)).transform((value) => value ?? 300),
    API_RATE_LIMIT_PER_MINUTE: perMinute(600),
    VISITOR_RATE_LIMIT_PER_MINUTE: perMinute(1_200),
    REGISTRATION_RATE_LIMIT_PER_MINUTE: perMinute(120),
    SITE_RATE_LIMIT_PER_MINUTE: perMinute(1_200_000),
    LIVE_RATE_LIMIT_PER_MINUTE: perMinute(6_000),
    SIGN_IN_FAILURES_PER_ADDRESS: optional(z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1)).transform(
      (value) => value ?? 30,
    ),
    TRUSTED_PROXIES: optional(z.string())
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .superRefine((entries, ctx) => {
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
    TANDEM_DEMO_SEED: optional(z.enum(["0", "1"], { error: "must be 0 or 1" })).transform((value) => value === "1"),
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
    const proxyPort = env.PROXY_PORT ?? env.PORT + 1;
    if (proxyPort === env.PORT || proxyPort > 65535) {
      ctx.addIssue({ code: "custom", path: ["PROXY_PORT"], message: "must be a port other than PORT (the proxy has an origin of its own)" });
    }
    const proxyOrigin = env.PROXY_PUBLIC_URL && URL.parse(env.PROXY_PUBLIC_URL)?.origin;
    const publicOrigin = URL.parse(env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`)?.origin;
    if (proxyOrigin && proxyOrigin === publicOrigin) {
      ctx.addIssue({ code: "custom", path: ["PROXY_PUBLIC_URL"], message: "must be an origin other than the console's (NEXTAUTH_URL)" });
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
