import fs from "node:fs";
import type { ServerResponse } from "node:http";
import { escapeAttribute } from "entities";

/** Where the runtime is served, for pages it cannot go inline in (XHTML); built into public/proxy-runtime.js. */
export const RUNTIME_PATH = "/__tandem/proxy-runtime.js";

/**
 * Whether a script can be the text of an HTML `<script>` element as it is: nothing in it may end the
 * element early (`</script`) or switch the tokenizer into its escaped states (`<!--`). esbuild writes
 * `</script` inside strings as `<\/script`; the build checks the runtime with this too.
 */
export function canInline(script: string): boolean {
  return !/<\/script|<!--/i.test(script);
}

interface RuntimeCopy {
  file: string;
  mtimeMs: number;
  script: Buffer;
  /** The script's text when it can go inline, else null. */
  inline: string | null;
}

/** How long a read of the runtime is used before its file is checked again (a rebuild while the server runs). */
export const RUNTIME_RECHECK_MS = 1_000;

/** The runtime as last read, and when its file was last checked: a stat a second at most, not one per page. */
let runtimeCopy: (RuntimeCopy & { checkedAt: number }) | null = null;

async function readRuntime(file: string): Promise<RuntimeCopy> {
  const now = Date.now();
  if (runtimeCopy?.file === file && now - runtimeCopy.checkedAt < RUNTIME_RECHECK_MS) return runtimeCopy;
  const { mtimeMs } = await fs.promises.stat(file);
  if (runtimeCopy?.file === file && runtimeCopy.mtimeMs === mtimeMs) return Object.assign(runtimeCopy, { checkedAt: now });
  const script = await fs.promises.readFile(file);
  const text = script.toString("utf8");
  runtimeCopy = { file, mtimeMs, script, inline: canInline(text) ? text : null, checkedAt: now };
  return runtimeCopy;
}

/**
 * The runtime's tag, for a proxied page (the rewriter puts it before the page's first script), with the
 * page's configuration. Inline in HTML: a script of its own would block the page's parsing for one more
 * request before anything else runs.
 * The proxied page's policy already allows inline scripts (the sites need them), so the runtime needs
 * no nonce; and it holds nothing the page's own scripts could not already see.
 */
export async function runtimeTag(file: string, config: string, { xhtml }: { xhtml: boolean }): Promise<string> {
  const attribute = `data-tandem-proxy="${escapeAttribute(config)}"`;
  const inline = xhtml
    ? null
    : await readRuntime(file).then(
        (copy) => copy.inline,
        () => null,
      );
  return inline === null ? `<script src="${RUNTIME_PATH}" ${attribute}></script>` : `<script ${attribute}>${inline}</script>`;
}

export async function serveRuntime(res: ServerResponse, file: string): Promise<void> {
  let script: Buffer;
  try {
    script = (await readRuntime(file)).script;
  } catch {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    return void res.end("The proxy runtime is not built (public/proxy-runtime.js).");
  }
  res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache", "content-length": script.length });
  res.end(script);
}
