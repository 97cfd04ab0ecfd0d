import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { hostAllowed } from "@/lib/contract/proxy-link";
import { httpUrlSchema } from "@/lib/contract/common";
import { storeScriptCookie } from "./cookie-jar";
import { updateCookieJar, type ProxySession } from "./sessions";
import type { ProxyDependencies } from "./handler";

/** A cookie is at most 4 kB in browsers; the address at most what the visitor protocol takes. */
const MAX_COOKIE_BODY_BYTES = 8 * 1024;

/** POST /s/<id>/__tandem/cookie: a proxied page's `document.cookie = "…"`, for the page at `url`. */
export const cookieWriteSchema = z.object({
  url: httpUrlSchema.max(2048, { error: "must be at most 2048 characters" }),
  cookie: z.string().min(1, { error: "must not be empty" }).max(4096, { error: "must be at most 4096 characters" }),
});

function answer(res: ServerResponse, status: number, error?: { code: string; message: string }): void {
  if (!error) {
    res.writeHead(status, { "cache-control": "no-store" });
    return void res.end();
  }
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ status: "error", error: error.code, message: error.message }));
}

async function readLimited(req: IncomingMessage, limit: number): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Stores the cookie in the session's jar as a non-HTTP API would (a script cannot set or overwrite an
 * HttpOnly cookie), for an address inside the session's allowed domains; 204 either way once the body
 * is valid, as `document.cookie` silently ignores a cookie it refuses.
 */
export async function handleCookieWrite(req: IncomingMessage, res: ServerResponse, session: ProxySession, deps: ProxyDependencies): Promise<void> {
  if (req.method !== "POST") return answer(res, 405, { code: "method_not_allowed", message: "POST a JSON body {url, cookie}." });
  if (Number(req.headers["content-length"] ?? 0) > MAX_COOKIE_BODY_BYTES) {
    res.setHeader("connection", "close");
    return answer(res, 413, { code: "payload_too_large", message: `The body is over ${MAX_COOKIE_BODY_BYTES} bytes.` });
  }
  const text = await readLimited(req, MAX_COOKIE_BODY_BYTES);
  if (text === null) {
    res.setHeader("connection", "close");
    return answer(res, 413, { code: "payload_too_large", message: `The body is over ${MAX_COOKIE_BODY_BYTES} bytes.` });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return answer(res, 400, { code: "invalid_request", message: "The body is not JSON." });
  }
  const parsed = cookieWriteSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return answer(res, 400, { code: "invalid_request", message: `${issue.path.join(".") || "body"}: ${issue.message}` });
  }
  const target = new URL(parsed.data.url);
  if (!hostAllowed(target.hostname, session.allowedDomains)) return answer(res, 204);
  await updateCookieJar(await deps.db(), session.id, (jar) => storeScriptCookie(jar, target, parsed.data.cookie));
  answer(res, 204);
}
