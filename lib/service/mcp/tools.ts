import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { ControlMessage } from "@/lib/contract";
import * as schemas from "@/lib/contract/mcp";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { toolAllowed } from "../sessions/permissions";
import { createHandOverLink } from "../sessions/handover-links";
import { act, changeSince, readableMirror } from "./act";
import { aiSession, endAiSession, markHandedOver, startAiSession, type AiCaller } from "./ai-sessions";
import { auditToolCall } from "./audit";
import { findAiVisitors } from "./find-visitors";
import { assembledMirror } from "./page-mirrors";
import { pageLines, readPage } from "./page-text";

export const MCP_SERVER_INFO = { name: "tandem", version: "1.0.0" };

interface Context {
  db: Db;
  caller: AiCaller;
  ip: string | null;
}

type Shape = z.ZodObject;

/**
 * Registers one tool: parses its input with the contract's schema, runs it, audits the call, and
 * answers its output as structured content (and as JSON text, for clients that read only text). A
 * refusal (a permission, an unknown session or visitor) is a tool error naming why, audited too.
 */
function tool<I extends Shape, O extends Shape>(
  server: McpServer,
  context: Context,
  name: string,
  description: string,
  input: I,
  output: O,
  run: (args: z.output<I>) => Promise<z.output<O>>,
): void {
  server.registerTool(name, { description, inputSchema: input, outputSchema: output }, (async (args: z.output<I>): Promise<CallToolResult> => {
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
      const result = await run(args);
      await audit("success", undefined, (result as { session_id?: string | null }).session_id);
      return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      await audit("failure", error.code);
      return { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}` }] };
    }
  }) as never);
}

/** The MCP server of one request, for one authenticated AI agent (its key's team and name). */
export function createMcpServer(db: Db, caller: AiCaller, ip: string | null): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      "Co-browse with a website's visitors: find_visitors, start_session (the visitor must accept), read_page, then act by ref " +
      "(click, type, press_key, select_option, scroll, navigate, highlight), wait_for_change, hand_over to a person, end_session.",
  });
  const context: Context = { db, caller, ip };
  const s = schemas;
  const controls = (sessionId: string, list: ControlMessage[], refs: number[] = []) => act(db, caller, sessionId, list, refs);

  tool(
    server,
    context,
    "find_visitors",
    "Find the team's visitors with the v1.3 search grammar: presence and current page.",
    s.findVisitorsInput,
    s.findVisitorsOutput,
    (args) => findAiVisitors(db, caller.team, args),
  );
  tool(
    server,
    context,
    "start_session",
    "Ask a visitor to co-browse (they see your name, marked as automated, and accept or decline). Returns the session id once they accept.",
    s.startSessionInput,
    s.startSessionOutput,
    (args) => startAiSession(db, caller, args),
  );
  tool(
    server,
    context,
    "read_page",
    "The visitor's page as you may see it: URL, title, viewport, scroll and a text tree with a [ref=…] per element. Masked parts show as [masked].",
    s.readPageInput,
    s.readPageOutput,
    async (args) => readPage((await assembledMirror(await readableMirror(db, caller, args.session_id))).tree, args.cursor, args.max_chars),
  );
  tool(server, context, "click", "Click the element `ref`; answers with what changed.", s.clickInput, s.changeOutput, (args) =>
    controls(args.session_id, [{ tool: "click", id: args.ref }], [args.ref]),
  );
  tool(
    server,
    context,
    "type",
    "Type text into the field `ref` (clicked first to focus it), and press Enter when `submit`.",
    s.typeInput,
    s.changeOutput,
    (args) =>
      controls(
        args.session_id,
        [{ tool: "click", id: args.ref }, { tool: "type", text: args.text }, ...(args.submit ? [{ tool: "key" as const, key: "Enter" as const }] : [])],
        [args.ref],
      ),
  );
  tool(
    server,
    context,
    "press_key",
    "Press Backspace, Enter or Tab in the focused field (or in `ref`, clicked first).",
    s.pressKeyInput,
    s.changeOutput,
    (args) =>
      controls(
        args.session_id,
        [...(args.ref !== undefined ? [{ tool: "click" as const, id: args.ref }] : []), { tool: "key", key: args.key }],
        args.ref !== undefined ? [args.ref] : [],
      ),
  );
  tool(server, context, "select_option", "Choose an option, by value or label, in the list (<select>) `ref`.", s.selectOptionInput, s.changeOutput, (args) =>
    controls(args.session_id, [{ tool: "select", id: args.ref, value: args.value }], [args.ref]),
  );
  tool(server, context, "scroll", "Scroll the page by dy (and dx) pixels.", s.scrollInput, s.changeOutput, (args) =>
    controls(args.session_id, [{ tool: "scroll", dx: args.dx, dy: args.dy }]),
  );
  tool(server, context, "navigate", "Send the visitor's page to a URL.", s.navigateInput, s.changeOutput, (args) =>
    controls(args.session_id, [{ tool: "navigate", url: args.url }]),
  );
  tool(
    server,
    context,
    "highlight",
    "Show the visitor what you mean: point at `ref` (outlined when drawing is allowed), or draw a stroke of `points`.",
    s.highlightInput,
    s.changeOutput,
    async (args) => {
      if (args.points) return controls(args.session_id, [{ tool: "draw", points: args.points }]);
      if (args.ref === undefined) throw new ServiceError("invalid_request", "Give a ref or points.");
      const session = await aiSession(db, caller, args.session_id);
      return controls(args.session_id, [{ tool: "highlight", id: args.ref, outline: toolAllowed(session.permissions, "draw") }], [args.ref]);
    },
  );
  tool(
    server,
    context,
    "wait_for_change",
    "Wait until the page changes (or the timeout), and say what changed.",
    s.waitForChangeInput,
    s.changeOutput,
    async (args) => {
      const mirror = await readableMirror(db, caller, args.session_id);
      const before = args.since_version === undefined ? pageLines(mirror.tree) : null;
      return changeSince(mirror, before, args.timeout_ms, args.since_version);
    },
  );
  tool(server, context, "end_session", "End the session.", s.endSessionInput, s.endSessionOutput, async (args) => ({
    ended: await endAiSession(db, caller, args.session_id),
  }));
  tool(
    server,
    context,
    "hand_over",
    "A watch link for a person to join this session; from then on the person controls and you only read.",
    s.handOverInput,
    s.handOverOutput,
    async (args) => {
      const session = await aiSession(db, caller, args.session_id);
      const link = await createHandOverLink(db, caller.team, session.id, args.agent ?? { id: "support", name: "Support" });
      await markHandedOver(db, session.id);
      return link;
    },
  );
  return server;
}
