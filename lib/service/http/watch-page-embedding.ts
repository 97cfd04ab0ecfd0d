import "server-only";
import type { IncomingMessage } from "node:http";
import { getDb } from "@/lib/db";
import { EMBED_ORIGINS_HEADER } from "@/lib/security/content-security-policy";
import { embedOriginsOfWatchPage, isWatchPage } from "../sessions/embed-origins";

/**
 * Tells the page proxy (proxy.ts), through a request header, which origins may frame this watch or
 * recording page. A client's own value of that header is always dropped; on any failure the page keeps
 * `frame-ancestors 'none'`.
 */
export async function passEmbedOrigins(request: IncomingMessage, pathname: string): Promise<void> {
  delete request.headers[EMBED_ORIGINS_HEADER];
  if (!isWatchPage(pathname)) return;
  try {
    const origins = await embedOriginsOfWatchPage(await getDb(), pathname);
    if (origins.length > 0) request.headers[EMBED_ORIGINS_HEADER] = origins.join(" ");
  } catch (error) {
    if (!(error instanceof URIError)) console.error("Reading the watch page's embedding origins failed:", error);
  }
}
