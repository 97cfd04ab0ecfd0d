import "server-only";
import { parseEnv, type Env } from "./schema";

export { ConfigError, type Env } from "./schema";

let cached: Env | undefined;

/** The validated configuration. The one place server code reads process.env. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
