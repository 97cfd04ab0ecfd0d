import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Transform } from "node:stream";
import type { CookieJar } from "tough-cookie";
import { hostAllowed } from "@/lib/contract/proxy-link";
import { toProxyUrl } from "@/lib/contract/proxy-url";
import type { Db } from "@/lib/db";
import { UnsafeUrlError } from "../outbound/address-guard";
import { teamById } from "../teams/team";
import { BodyTooLargeError, byteLimit, chain, charsetDecoder, decodersFor, passOn, readWhole, sendText } from "./body";
import { jarState, loadJar, readOnlyJar, requestCookies, scriptCookies, storeResponseCookies } from "./cookie-jar";
import { DEFAULT_LIMITS, type ProxyDependencies, type ProxyLimits } from "./dependencies";
import { passedResponseHeaders, proxiedLocation, upstreamRequestHeaders } from "./headers";
import { outsideAllowedDomainsPage, PAGES, type ProxyPage } from "./pages";
import { refuse } from "./respond";
import { createHtmlRewriter } from "./rewrite-html";
import { rewriteCss } from "./rewrite-css";
import { runtimeTag } from "./runtime-script";
import { updateCookieJar, type ProxySession } from "./sessions";
import { fetchUpstream, UpstreamTimeoutError, type UpstreamResponse } from "./upstream";

/**
 * What proxied pages may do, as the browser enforces it: everything comes from the proxy's own origin
 * (so an address the rewriting missed is blocked rather than fetched from the site directly), except the
 * visitor script and its service (`serviceOrigin`). Inline scripts and eval stay allowed: proxied sites
 * need them, and the site's own policy, which names the site's hosts, cannot apply on the proxy. The
 * runtime goes inline too; a nonce for it would turn off `'unsafe-inline'` for the site's own scripts.
 * Workers only from the proxy; no plugins.
 */
export function proxiedPageCsp(serviceOrigin: string): string {
  let policy = policies.get(serviceOrigin);
  if (!policy) policies.set(serviceOrigin, (policy = pagePolicy(serviceOrigin)));
  return policy;
}
/** The policies made so far, by the service's origin (one per server): made once, not for every answer. */
const policies = new Map<string, string>();

function pagePolicy(serviceOrigin: string): string {
  return [
    `default-src 'self' data: blob: ${serviceOrigin}`,
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: ${serviceOrigin}`,
    "style-src 'self' 'unsafe-inline' data: blob:",
    `connect-src 'self' data: blob: ${serviceOrigin}`,
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * Types not sandboxed: scripts, which a sandbox would stop running as workers, and PDF, which the
 * browser's own viewer shows (running none of the proxy origin's script) and a sandbox would block.
 */
const UNSANDBOXED = /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|application\/pdf)$/;

/**
 * The policy of an answer passed on as the site sent it (not rewritten): the proxied pages' own, so that
 * an SVG or XML document opened on the proxy's origin cannot reach beyond it either, and sandboxed (an
 * opaque origin, no scripts).
 */
function passedAnswerCsp(mime: string, serviceOrigin: string): string {
  const policy = proxiedPageCsp(serviceOrigin);
  return UNSANDBOXED.test(mime) ? policy : `${policy}; sandbox`;
}

/** What the agent's mirror is given: images, fonts, stylesheets and media, by the site's Content-Type. */
const MIRROR_TYPES = /^(?:(?:image|font|audio|video)\/[\w.+-]+|text\/css|application\/(?:x-)?font-[\w.+-]+|application\/vnd\.ms-fontobject)$/;

/** The request's context: the session, the site's address, and whether it is an asset for the agent's mirror. */
interface Forwarded {
  req: IncomingMessage;
  res: ServerResponse;
  session: ProxySession;
  target: URL;
  deps: ProxyDependencies;
  limits: ProxyLimits;
  /** For the agent's mirror, the path its addresses start with (`/mirror/<token>`): no cookies sent or kept, assets only. */
  mirror: string | null;
}

/** What the proxy refuses before asking the site: service workers, sites outside the session's domains, huge bodies. */
function refusalBeforeFetch({ req, session, target, limits }: Forwarded): ProxyPage | null {
  // A service worker on the proxy's origin would control every proxied page of every session.
  if (req.headers["service-worker"] === "script")
    return { status: 403, title: "Service workers are not allowed", message: "The proxy does not register service workers." };
  if (!hostAllowed(target.hostname, session.allowedDomains)) {
    const retry = session.retryUrl ? URL.parse(session.retryUrl) : null;
    const retryHref = retry ? (hostAllowed(retry.hostname, session.allowedDomains) ? toProxyUrl(retry, "", session.id) : retry.href) : null;
    return outsideAllowedDomainsPage(target, retryHref);
  }
  if (Number(req.headers["content-length"] ?? 0) > limits.maxRequestBytes)
    return { status: 413, title: "Too large", message: "The proxy does not pass on bodies this large." };
  return null;
}

function upstreamFailurePage(error: unknown): ProxyPage {
  if (error instanceof UnsafeUrlError) return PAGES.privateAddress;
  if (error instanceof UpstreamTimeoutError) return PAGES.timedOut;
  if (error instanceof BodyTooLargeError) return PAGES.tooLarge;
  return PAGES.unreachable;
}

/**
 * The site's cookies go to the session's jar (under its row lock: simultaneous answers lose none) and to
 * this answer's page at once: the jar it returns, a copy of the session's with them.
 */
async function keepSetCookies(db: Db, { session, target }: Forwarded, setCookie: string[]): Promise<CookieJar> {
  const jar = loadJar(session.cookieJar);
  storeResponseCookies(jar, target, setCookie);
  await updateCookieJar(db, session.id, (current) => {
    const before = JSON.stringify(jarState(current));
    storeResponseCookies(current, target, setCookie);
    return JSON.stringify(jarState(current)) !== before;
  });
  return jar;
}

/** The tag put before every proxied page's first script: the proxy runtime with its configuration, which adds the visitor script once the page has loaded. */
function injection({ session, target, deps }: Forwarded, cookies: string, publicKey: string | undefined, xhtml: boolean): Promise<string> {
  const config = JSON.stringify({
    session: session.id,
    target: target.href,
    proxyOrigin: deps.proxyOrigin,
    allowedDomains: session.allowedDomains,
    cookies,
    visitor: publicKey ? { src: `${deps.serviceOrigin}/cobrowse.js`, publicKey } : null,
  });
  return runtimeTag(deps.runtimeFile, config, { xhtml });
}

/** The stages that decode a compressed body within the answer's limit; none for a body sent as it is. */
function decoding(decoders: Transform[], limits: ProxyLimits): Transform[] {
  return decoders.length ? [byteLimit(limits.maxResponseBytes), ...decoders] : [];
}

/** A stylesheet's text, read whole within the limits. */
async function readStylesheet(upstream: UpstreamResponse, decoders: Transform[], limits: ProxyLimits): Promise<string> {
  const bytes = await readWhole(chain(upstream.body, ...decoding(decoders, limits)), limits.maxRewrittenBytes);
  return charsetDecoder(upstream.headers["content-type"]).decode(bytes);
}

/** A stylesheet, read whole (within the limits) and its addresses rewritten. */
async function sendCss(forwarded: Forwarded, upstream: UpstreamResponse, decoders: Transform[], headers: Record<string, string | string[]>): Promise<void> {
  const { req, res, session, target, limits, mirror } = forwarded;
  let css: string;
  try {
    // The mirror's stylesheet names its fonts and images at the mirror's addresses too.
    css = rewriteCss(await readStylesheet(upstream, decoders, limits), { sessionId: session.id, base: target, prefix: mirror ?? "" });
  } catch (error) {
    return refuse(req, res, upstreamFailurePage(error));
  }
  res.writeHead(upstream.status, { ...headers, "content-type": "text/css; charset=utf-8", "content-length": Buffer.byteLength(css) });
  res.end(css);
}

/** A page, streamed through the rewriter, which puts the runtime in it. */
async function sendRewrittenPage(
  db: Db,
  forwarded: Forwarded,
  upstream: UpstreamResponse,
  decoders: Transform[],
  mime: string,
  jar: CookieJar,
  headers: Record<string, string | string[]>,
): Promise<void> {
  const { res, session, target, deps, limits } = forwarded;
  const team = await teamById(db, session.teamId);
  const tags = await injection(forwarded, scriptCookies(jar, target), team?.publicKey, mime === "application/xhtml+xml");
  // A rewritten page embeds the jar's cookies of this moment: a copy from the cache (back, forward)
  // would show the page's scripts stale ones.
  const head = {
    status: upstream.status,
    headers: {
      ...headers,
      "content-type": `${mime}; charset=utf-8`,
      "content-security-policy": proxiedPageCsp(deps.serviceOrigin),
      "cache-control": "no-store",
    },
  };
  const rewriter = createHtmlRewriter({ sessionId: session.id, base: target }, tags, {
    decoder: charsetDecoder(upstream.headers["content-type"]),
    maxBytes: limits.maxRewrittenBytes,
  });
  // Once the answer has started, a failure (too large, too slow) can only cut it short.
  await sendText(chain(upstream.body, ...decoding(decoders, limits), rewriter), res, head);
}

/** Anything else: passed on as it came, within the answer's limit. */
async function sendAsIs({ res, limits }: Forwarded, upstream: UpstreamResponse, hasBody: boolean, headers: Record<string, string | string[]>): Promise<void> {
  res.writeHead(upstream.status, headers);
  if (!hasBody) {
    upstream.body.resume();
    return void res.end();
  }
  await passOn(upstream.body, res, limits.maxResponseBytes);
}

/**
 * A request for a proxied address: the site's answer, its pages and stylesheets rewritten. `mirror` (an
 * asset for the agent's mirror, the mirror's path prefix): no cookies sent or kept, and only images,
 * fonts, stylesheets and media.
 */
export async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  session: ProxySession,
  target: URL,
  deps: ProxyDependencies,
  { mirror = null }: { mirror?: string | null } = {},
): Promise<void> {
  const forwarded: Forwarded = { req, res, session, target, deps, limits: { ...DEFAULT_LIMITS, ...deps.limits }, mirror };
  const refusal = refusalBeforeFetch(forwarded);
  if (refusal) return refuse(req, res, refusal);

  const db = await deps.db();
  // Read only: a copy is made below when the site sets cookies.
  let jar = readOnlyJar(mirror ? null : session.cookieJar);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  let upstream: UpstreamResponse;
  try {
    upstream = await fetchUpstream(
      {
        method: req.method ?? "GET",
        target,
        headers: upstreamRequestHeaders(req.headers, deps.proxyOrigin, requestCookies(jar, target)),
        body: hasBody ? req.pipe(byteLimit(forwarded.limits.maxRequestBytes)) : null,
      },
      { allowPrivate: deps.allowPrivate, resolve: deps.resolve, timeoutMs: forwarded.limits.timeoutMs },
    );
  } catch (error) {
    return refuse(req, res, upstreamFailurePage(error));
  }

  const setCookie = upstream.headers["set-cookie"];
  if (setCookie?.length && !mirror) jar = await keepSetCookies(db, forwarded, setCookie);

  const mime = (upstream.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  const hasResponseBody = req.method !== "HEAD" && upstream.status !== 204 && upstream.status !== 304;
  const rewrite = hasResponseBody && (mime === "text/html" || mime === "application/xhtml+xml" || mime === "text/css") ? mime : null;
  const decoders = decodersFor(upstream.headers["content-encoding"]);
  // The mirror follows redirects (an image moved to a CDN) to the mirror's addresses, checked again there.
  const redirect = upstream.status >= 300 && upstream.status < 400 && Boolean(upstream.headers.location);
  // A page or stylesheet passed on unread would carry the site's own addresses and no runtime.
  const unserved = mirror && !redirect && !MIRROR_TYPES.test(mime) ? PAGES.mirrorRefused : rewrite && !decoders ? PAGES.undecodable : null;
  if (unserved) {
    upstream.body.destroy();
    return refuse(req, res, unserved);
  }
  if (Number(upstream.headers["content-length"] ?? 0) > (rewrite ? forwarded.limits.maxRewrittenBytes : forwarded.limits.maxResponseBytes)) {
    upstream.body.destroy();
    return refuse(req, res, PAGES.tooLarge);
  }

  const headers: Record<string, string | string[]> = passedResponseHeaders(upstream.headers, { keepEncoding: !rewrite });
  const location = upstream.headers.location && proxiedLocation(upstream.headers.location, target, session.id);
  if (location) headers.location = `${mirror ?? ""}${location}`;
  headers["referrer-policy"] = "same-origin";
  headers["x-content-type-options"] = "nosniff";

  if (rewrite === "text/html" || rewrite === "application/xhtml+xml") return sendRewrittenPage(db, forwarded, upstream, decoders!, rewrite, jar, headers);
  // Every other answer carries a policy too: a document the proxy does not rewrite is still on its origin.
  headers["content-security-policy"] = passedAnswerCsp(mime, deps.serviceOrigin);
  if (rewrite === "text/css") return sendCss(forwarded, upstream, decoders!, headers);
  return sendAsIs(forwarded, upstream, hasResponseBody, headers);
}
