import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret from the configuration when given, else one generated on first start and kept in the data
 * folder, so a fresh machine needs no configuration and sessions and links survive restarts. Plain Node
 * (no `server-only`) so the start script can share it; it is only ever called on the server.
 */
export function loadSecret(dataDir: string, name: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
  }
}

export const SECRET_FILES = { auth: "auth-secret", links: "link-signing-secret", embeddedApiKey: "embedded-api-key" } as const;
