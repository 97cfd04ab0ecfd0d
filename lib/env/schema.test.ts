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

  it("reads TRUSTED_PROXIES as a list, none by default", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: " loopback, 10.0.0.0/8 ,," }).TRUSTED_PROXIES).toEqual(["loopback", "10.0.0.0/8"]);
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
