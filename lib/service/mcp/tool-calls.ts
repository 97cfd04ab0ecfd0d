import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import type { AiCaller } from "./ai-sessions";
import { auditToolCall } from "./audit";

export interface CallContext {
  db: Db;
  caller: AiCaller;
  ip: string | null;
  /** The tool calls of this request that reached a tool (and so were audited by it). */
  audited: Set<string>;
}

export type Shape = z.ZodObject;

export interface ToolDefinition<I extends Shape, O extends Shape> {
  name: string;
  title: string;
  description: string;
  annotations: Omit<ToolAnnotations, "title">;
  input: I;
  output: O;
  run: (args: z.output<I>) => Promise<z.output<O>>;
  /** The answer as a model reads it; JSON by default. */
  text?: (result: z.output<O>) => string;
}

/**
 * Registers one tool: the SDK checks its input with the contract's schema, then this runs it, audits the
 * call, and answers its output as structured content and as text. A refusal (a permission, an unknown
 * session or visitor) is a tool error naming why; a failure of the server's own is one that says only
 * that; both are audited. Every tool touches only the visitor's page and Tandem (not the open world).
 */
export function registerTool<I extends Shape, O extends Shape>(server: McpServer, context: CallContext, tool: ToolDefinition<I, O>): void {
  const { name } = tool;
  const handler = async (args: z.output<I>): Promise<CallToolResult> => {
    context.audited.add(name);
    const record = args as { session_id?: string; visitor_id?: string };
    const audit = (outcome: "success" | "failure", error?: string, sessionId?: string | null) =>
      auditToolCall(context.db, context.caller, {
        tool: name,
        sessionId: sessionId ?? record.session_id ?? null,
        visitorId: record.visitor_id ?? null,
        outcome,
        error,
        ip: context.ip,
      }).catch((failure) => console.error("mcp: auditing a tool call failed", failure));
    try {
      const result = await tool.run(args);
      await audit("success", undefined, (result as { session_id?: string | null }).session_id);
      return {
        content: [{ type: "text", text: tool.text ? tool.text(result) : JSON.stringify(result) }],
        structuredContent: result as Record<string, unknown>,
      };
    } catch (error) {
      if (error instanceof ServiceError) {
        await audit("failure", error.code);
        return { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}` }] };
      }
      console.error(`mcp: ${name} failed`, error);
      await audit("failure", "internal_error");
      return { isError: true, content: [{ type: "text", text: "internal_error: The tool failed on Tandem's side; try again." }] };
    }
  };
  server.registerTool(
    name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: { title: tool.title, openWorldHint: false, ...tool.annotations },
    },
    handler as never,
  );
}

/**
 * The tool calls of a JSON-RPC message that never reached their tool (the SDK refused their arguments, or
 * no such tool): audited here as failures, so that every call leaves a row.
 */
export async function auditRefusedCalls(context: CallContext, message: unknown): Promise<void> {
  const request = message as { method?: unknown; params?: { name?: unknown; arguments?: Record<string, unknown> } } | null;
  if (!request || request.method !== "tools/call") return;
  const name = typeof request.params?.name === "string" ? request.params.name.slice(0, 100) : "unknown";
  if (context.audited.has(name)) return;
  const args = request.params?.arguments && typeof request.params.arguments === "object" ? request.params.arguments : {};
  const idOf = (value: unknown) => (typeof value === "string" ? value.slice(0, 64) : null);
  await auditToolCall(context.db, context.caller, {
    tool: name,
    sessionId: idOf(args.session_id),
    visitorId: idOf(args.visitor_id),
    outcome: "failure",
    error: "invalid_params",
    ip: context.ip,
  }).catch((failure) => console.error("mcp: auditing a refused tool call failed", failure));
}
