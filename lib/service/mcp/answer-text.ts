import type { ChangeOutput } from "@/lib/contract/mcp";
import type { PageRead } from "./page-text";

/**
 * The tools' answers as a model reads them: plain lines with real line breaks, every value that comes
 * from the visitor's page (address, title, names) quoted, so that none can pass for a line of its own.
 */

const header = (page: { url: string; title: string; scroll: { x: number; y: number } }) =>
  `url: ${JSON.stringify(page.url)} title: ${JSON.stringify(page.title)} scroll: ${Math.round(page.scroll.x)},${Math.round(page.scroll.y)}`;

export function readText(read: PageRead & { loading: boolean }): string {
  const lines = [`${header(read)} viewport: ${read.viewport.width}x${read.viewport.height} version: ${read.version}`];
  if (read.loading) lines.push("(the page is loading: read again in a moment)");
  if (read.tree) lines.push(read.tree);
  if (read.next_cursor !== null) lines.push(`(more: read_page with cursor ${read.next_cursor}; ${read.total_lines} lines in all)`);
  return lines.join("\n");
}

export function changeText(change: ChangeOutput): string {
  const lines = [`${change.changed ? "changed" : "no change"}; ${header(change)} status: ${change.status ?? "unknown"}${change.loading ? " (loading)" : ""}`];
  if (change.added.length) lines.push("appeared:", ...change.added.map((line) => `  ${line}`));
  if (change.removed.length) lines.push("went:", ...change.removed.map((line) => `  ${line}`));
  return lines.join("\n");
}
