import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/**
 * An AI agent played by a script, through Tandem's MCP server with the SDK's own client. It knows the
 * page only from the text the tools answer (never from the visitor's DOM): each ref it uses is one it
 * found by role and name in its latest read_page.
 */

interface Line {
  depth: number;
  role: string;
  name: string;
  states: string;
  ref: number | null;
  value: string | null;
}

const LINE = /^(\s*)- (\S+)(?: ("(?:[^"\\]|\\.)*"))?(.*?)(?: \[ref=(\d+)\])?(?:: ("(?:[^"\\]|\\.)*"))?$/;

/** One line of a read, as a model reads it: role, quoted name, states, ref, quoted value. */
export function parseLine(text: string): Line | null {
  const match = LINE.exec(text);
  if (!match) return null;
  return {
    depth: match[1].length / 2,
    role: match[2],
    name: match[3] ? (JSON.parse(match[3]) as string) : "",
    states: match[4].trim(),
    ref: match[5] ? Number(match[5]) : null,
    value: match[6] ? (JSON.parse(match[6]) as string) : null,
  };
}

type Answer = { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

export class ScriptedAgent {
  /** The latest read, whole (all its continuations), as text. */
  page = "";
  /** Every answer's text, in order: the transcript. */
  readonly transcript: string[] = [];

  private constructor(
    private readonly client: Client,
    readonly sessionId: string,
  ) {}

  static async connect(serverUrl: string, key: string): Promise<Client> {
    const client = new Client({ name: "scripted-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    return client;
  }

  /** Starts a session with the visitor (whose team lets agents in without asking, or who accepts). */
  static async start(client: Client, visitorId: string): Promise<ScriptedAgent> {
    const started = await client.callTool({ name: "start_session", arguments: { visitor_id: visitorId, agent_name: "Helper" } }, undefined, {
      timeout: 120_000,
    });
    const sessionId = (started as Answer).structuredContent?.session_id;
    if (typeof sessionId !== "string" || !(started as Answer).structuredContent?.started) throw new Error(`start_session: ${JSON.stringify(started)}`);
    return new ScriptedAgent(client, sessionId);
  }

  /** Calls a tool of the session; answers its text (a refusal throws). */
  async call(name: string, args: Record<string, unknown> = {}): Promise<string> {
    const answer = (await this.client.callTool({ name, arguments: { session_id: this.sessionId, ...args } }, undefined, { timeout: 60_000 })) as Answer;
    const text = answer.content?.map((part) => part.text ?? "").join("") ?? "";
    this.transcript.push(`> ${name} ${JSON.stringify(args)}\n${text}`);
    if (answer.isError) throw new Error(`${name}: ${text}`);
    return text;
  }

  /** Reads the page to its end (following the continuations) and keeps it as the page the agent knows. */
  async read(): Promise<string> {
    let text = await this.call("read_page");
    const parts = [text];
    for (let more = /cursor (\d+)/.exec(text); more; more = /cursor (\d+)/.exec(text)) {
      text = await this.call("read_page", { cursor: Number(more[1]) });
      parts.push(text.split("\n").slice(1).join("\n"));
    }
    this.page = parts.join("\n");
    return this.page;
  }

  lines(): Line[] {
    return this.page
      .split("\n")
      .map(parseLine)
      .filter((line): line is Line => line !== null);
  }

  /** The line of an element found by role and name (a string is the whole name) in the latest read, under `within` if given. */
  find(role: string, name?: string | RegExp, within?: { role: string; name: string | RegExp }): Line {
    const matches = (line: Line, wantedRole: string, wanted?: string | RegExp) =>
      line.role === wantedRole && (wanted === undefined || (typeof wanted === "string" ? line.name === wanted : wanted.test(line.name)));
    const lines = this.lines();
    let from = 0;
    let to = lines.length;
    if (within) {
      from = lines.findIndex((line) => matches(line, within.role, within.name));
      if (from < 0) throw new Error(`No ${within.role} ${within.name} in the page read:\n${this.page}`);
      to = lines.findIndex((line, index) => index > from && line.depth <= lines[from].depth);
      if (to < 0) to = lines.length;
    }
    const found = lines.slice(from, to).find((line) => matches(line, role, name) && line.ref !== null);
    if (!found) throw new Error(`No ${role} ${name ?? ""} in the page read:\n${this.page}`);
    return found;
  }

  ref(role: string, name?: string | RegExp, within?: { role: string; name: string | RegExp }): number {
    return this.find(role, name, within).ref!;
  }
}

/** A tokenizer-free measure of what a model reads: words (runs of letters and digits) plus other symbols. */
export function wordsAndSymbols(text: string): number {
  return text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
}
