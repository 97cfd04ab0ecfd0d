import path from "node:path";
import { z } from "zod";

// Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

export const envSchema = z
  .object({
    COBROWSE_API_URL: optional(httpUrl),
    COBROWSE_API_KEY: optional(z.string().min(8, "must be at least 8 characters")),
    ONPREM_BASE_URL: optional(httpUrl),
    ONPREM_REST_KEY: optional(z.string().min(8, "must be at least 8 characters")),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")),
    DATA_DIR: optional(z.string()).transform((value) => path.resolve(/*turbopackIgnore: true*/ value ?? ".data")),
    PGLITE_DIR: optional(z.string()),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, "must start with redis:// or rediss://")),
    NEXTAUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    NEXTAUTH_URL: optional(httpUrl),
    PORT: optional(
      z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).max(65535, "must be at most 65535"),
    ).transform((value) => value ?? 3000),
    ADMIN_EMAIL: optional(z.email({ error: "must be an email address" }).transform((value) => value.toLowerCase())),
    ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
    LINK_SIGNING_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    REST_KEY: optional(z.string().min(8, "must be at least 8 characters")),
    WATCH_LINK_TTL_SECONDS: optional(z.coerce.number({ error: "must be a number" }).int().min(10).max(86_400)).transform((value) => value ?? 300),
    API_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number({ error: "must be a number" }).int().min(1)).transform((value) => value ?? 600),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform((value) => value === "true"),
    TANDEM_DEMO_SEED: optional(z.enum(["0", "1"], { error: "must be 0 or 1" })).transform((value) => value === "1"),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"], message: "must be set together with the other ADMIN_ variable" });
    }
    if (Boolean(env.ONPREM_BASE_URL) !== Boolean(env.ONPREM_REST_KEY)) {
      ctx.addIssue({ code: "custom", path: [env.ONPREM_BASE_URL ? "ONPREM_REST_KEY" : "ONPREM_BASE_URL"], message: "must be set together with the other ONPREM_ variable" });
    }
    if (env.COBROWSE_API_URL && !env.COBROWSE_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["COBROWSE_API_KEY"], message: "is required when COBROWSE_API_URL is set" });
    }
  })
  .transform((env) => ({ ...env, PGLITE_DIR: path.resolve(/*turbopackIgnore: true*/ env.PGLITE_DIR ?? path.join(env.DATA_DIR, "pglite")) }));

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
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
