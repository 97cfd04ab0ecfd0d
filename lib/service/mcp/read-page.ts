import "server-only";
import type { z } from "zod";
import type { readPageOutput } from "@/lib/contract/mcp";
import { assembledMirror, mirrorRead, type PageMirror } from "./page-mirrors";

/** How long a read waits for a page on its way (the visitor followed a link, or was sent elsewhere). */
export const LOAD_WAIT_MS = 5000;

/**
 * The page as the agent reads it now: once its snapshot's slices came, and once a page on its way has
 * come (or LOAD_WAIT_MS passed: then it says "loading" rather than show the page that left).
 */
export async function readCurrentPage(mirror: PageMirror, cursor?: number, maxChars?: number): Promise<z.output<typeof readPageOutput>> {
  const deadline = Date.now() + LOAD_WAIT_MS;
  while (mirror.loading && !mirror.ended && Date.now() < deadline) await mirror.nextChange(deadline - Date.now());
  await assembledMirror(mirror);
  if (mirror.loading) {
    const { viewport, scroll, version } = mirror.tree;
    return { url: mirror.tree.url, title: "", viewport, scroll, version, loading: true, tree: "", next_cursor: null, total_lines: 0 };
  }
  return { ...(await mirrorRead(mirror, cursor, maxChars)), loading: false };
}
