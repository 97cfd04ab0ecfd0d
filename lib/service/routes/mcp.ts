import type { Hono } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { env } from "@/lib/env";
import { ServiceError } from "../core/errors";
import type { ServiceEnv } from "../http/context";
import { errorAnswer } from "../http/envelope";
import { refuseNulText } from "../http/nul-text";
import type { RateLimiter } from "../http/rate-limit";
import { readJson } from "../http/read-body";
import { authenticateAiCaller } from "../mcp/caller";
import { auditRefusedCalls, type CallContext } from "../mcp/tool-calls";
import { createMcpServer } from "../mcp/tools";
import type { Db } from "@/lib/db";

/** The MCP endpoint's path, served by Tandem's server beside the API. */
export const MCP_PATH = "/mcp";
const MAX_BODY_BYTES = 256 * 1024;

async function limit(limiter: RateLimiter, buckets: { key: string; perMinute: number }[]): Promise<void> {
  const wait = await limiter.take(buckets);
  if (wait > 0) throw new ServiceError("rate_limited", `Too many requests: retry in ${wait} s.`, { "retry-after": String(wait) });
}

function batchRefused(): Response {
  const error = { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Batches are not accepted: send one JSON-RPC message per request." } };
  return Response.json(error, { status: 400 });
}

/**
 * The AI agents' door: an MCP server (Streamable HTTP, stateless: each request carries its key, and any
 * app node answers it) whose tools co-browse under the same consent, permissions, masking and audit as
 * a person. Counted against the same allowances as the API: per client address before the key is
 * checked, per secret key after.
 */
export function mountMcp(app: Hono<ServiceEnv>, dependencies: { db: () => Promise<Db>; limiter: () => RateLimiter }): void {
  app.all(MCP_PATH, async (c) => {
    const request = c.req.raw;
    if (request.method !== "POST") {
      // Stateless: no stream of the server's own, nothing to delete.
      return errorAnswer("method_not_allowed", "POST JSON-RPC messages to /mcp.", { allow: "POST" });
    }
    const perMinute = env().API_RATE_LIMIT_PER_MINUTE;
    await limit(dependencies.limiter(), [{ key: `api-address:${c.get("clientAddress")}`, perMinute: perMinute * 10 }]);
    const db = await dependencies.db();
    const caller = await authenticateAiCaller(db, request.headers.get("authorization"));
    await limit(dependencies.limiter(), [{ key: `key:${caller.keyId}`, perMinute }]);
    const body = await readJson(request, MAX_BODY_BYTES);
    refuseNulText(body, "body");
    // One message a request, so that each tool call counts against the allowance (MCP's current revision has no batches).
    if (Array.isArray(body)) return batchRefused();
    const context: CallContext = { db, caller, ip: c.get("clientAddress"), audited: new Set() };
    const server = createMcpServer(context);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      await auditRefusedCalls(context, body);
      void server.close();
    }
  });
}
