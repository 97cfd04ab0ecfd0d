import "server-only";
import { z } from "zod";
import { hostAllowed } from "@/lib/contract/proxy-link";
import { httpUrlSchema } from "@/lib/contract/common";
import { formatZodIssue } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { storeScriptCookie } from "../proxy/cookie-jar";
import { updateCookieJar, type ProxySession } from "../proxy/sessions";
import { readJson } from "../http/read-body";

/** A cookie is at most 4 kB in browsers; the address at most what the visitor protocol takes. */
const MAX_COOKIE_BODY_BYTES = 8 * 1024;

/** POST /s/<id>/__tandem/cookie: a proxied page's `document.cookie = "…"`, for the page at `url`. */
export const cookieWriteSchema = z.object({
  url: httpUrlSchema.max(2048, { error: "must be at most 2048 characters" }),
  cookie: z.string().min(1, { error: "must not be empty" }).max(4096, { error: "must be at most 4096 characters" }),
});

/**
 * Stores the cookie in the session's jar as a non-HTTP API would (a script cannot set or overwrite an
 * HttpOnly cookie), for an address inside the session's allowed domains; 204 either way once the body
 * is valid, as `document.cookie` silently ignores a cookie it refuses. Errors are the service's envelope.
 */
export async function writeScriptCookie(request: Request, db: Db, session: ProxySession): Promise<Response> {
  if (request.method !== "POST") throw new ServiceError("method_not_allowed", "POST a JSON body {url, cookie}.");
  const parsed = cookieWriteSchema.safeParse(await readJson(request, MAX_COOKIE_BODY_BYTES));
  if (!parsed.success) throw new ServiceError("invalid_request", formatZodIssue(parsed.error));
  const target = new URL(parsed.data.url);
  if (hostAllowed(target.hostname, session.allowedDomains)) {
    await updateCookieJar(db, session.id, (jar) => storeScriptCookie(jar, target, parsed.data.cookie));
  }
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
