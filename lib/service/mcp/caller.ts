import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { processCache } from "@/lib/process-cache";
import { apiKeys } from "../core/schema";
import { authenticateApiKey } from "../teams/team";
import type { AiCaller } from "./ai-sessions";

const keyNames = () => processCache<{ name: string }>("mcp-key-names", 60_000);

/**
 * The AI agent behind an MCP request: a secret key of the team in `Authorization: Bearer …`. Either
 * scope may use it (`api` is enough; `admin` keys include it). A missing or unknown key is 401.
 */
export async function authenticateAiCaller(db: Db, authorization: string | null): Promise<AiCaller> {
  const key = authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : null;
  if (!key) throw new ServiceError("invalid_api_key", "Send a secret API key as Authorization: Bearer <key>.");
  const { team, keyId } = await authenticateApiKey(db, key);
  let known = keyNames().get(keyId);
  if (!known) {
    const [row] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, keyId));
    known = { name: row?.name ?? keyId };
    keyNames().set(keyId, known);
  }
  return { team, keyId, keyName: known.name };
}
