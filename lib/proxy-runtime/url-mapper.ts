import { fromProxyUrl, proxySessionPath, toProxyUrl } from "@/lib/contract/proxy-url";

/**
 * The one rule by which the runtime turns an address the page uses into the address the browser may
 * request. Everything http(s) goes to its proxied address, whatever its domain: the proxy alone decides
 * what is allowed (a domain outside allowed_domains gets the proxy's refusal, as it would for a link in
 * the page's HTML), so the browser never requests a proxied site directly.
 */
export interface UrlMapper {
  /** The proxied site's address a reference in the page means, resolved as the page sees it; null if not http(s). */
  targetOf(reference: string): URL | null;
  /** `reference` as the address to request; unchanged when it is not http(s) (data:, blob:, javascript:, about:…) or exempt. */
  proxied(reference: string): string;
}

export interface UrlMapperOptions {
  session: string;
  proxyOrigin: string;
  /**
   * The address relative references resolve against: the page's `<base>` or its own address, on the
   * proxied site. It follows `documentBase` (the mapper keeps its answers by document base).
   */
  currentTarget: () => URL;
  /** The document's own base (a proxied address): a reference that already resolves to the right address is left as written. */
  documentBase: () => string;
  /** Origins the browser requests directly (the co-browsing service the visitor script talks to). */
  isExempt?: (origin: string) => boolean;
}

function parse(reference: string, base: URL): URL | null {
  try {
    return new URL(reference, base);
  } catch {
    return null;
  }
}

/** `url`'s path, query and fragment on `site`'s origin; set part by part, since a path such as `//x` is not a host. */
function onSite(url: URL, site: URL): URL {
  const moved = new URL(site.origin);
  moved.pathname = url.pathname;
  moved.search = url.search;
  moved.hash = url.hash;
  return moved;
}

export function createUrlMapper(options: UrlMapperOptions): UrlMapper {
  const { session, proxyOrigin, currentTarget } = options;

  const sessionRoot = proxySessionPath(session);
  /** A path of this session's as the proxy writes them (`/s/<id>/https/host/…`), with nothing a browser would resolve away. */
  const writtenByProxy = (reference: string): boolean =>
    reference.startsWith(sessionRoot) &&
    /^https?\/[^/?#\\\s@]+(?:[/?#][^\\\s]*)?$/.test(reference.slice(sessionRoot.length)) &&
    !/\/\.\.?(?:[/?#]|$)|%2e/i.test(reference);
  const targetOf = (reference: string): URL | null => {
    const base = currentTarget();
    // The proxy writes the page's own addresses as paths on its origin (`/s/<id>/https/…`).
    const url = parse(reference, reference.trim().startsWith(sessionRoot) ? new URL(proxyOrigin) : base);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
    if (url.origin !== proxyOrigin) return url;
    // A proxied address (the page read it from `location` or an element) means its target; any other
    // path on the proxy's origin is one the page built from `location.origin`: it means the page's own site.
    return fromProxyUrl(url, proxyOrigin)?.target ?? onSite(url, base);
  };

  // The same addresses come again and again (every element the parser adds is checked once more, and
  // the page's own are already mapped): each is worked out once per document base.
  const known = new Map<string, string>();
  const proxied = (reference: string): string => {
    const key = `${options.documentBase()} ${reference}`;
    let address = known.get(key);
    if (address === undefined) {
      if (known.size >= 2000) known.clear();
      known.set(key, (address = mapped(reference)));
    }
    return address;
  };

  const mapped = (reference: string): string => {
    const trimmed = reference.trim();
    // An empty address (no request) and a bare fragment (the same document) stay as the page wrote them,
    // and so does an address as the proxy writes them, which every one the page came with is.
    if (trimmed === "" || trimmed.startsWith("#") || writtenByProxy(trimmed)) return reference;
    const target = targetOf(trimmed);
    if (!target) return reference;
    if (target.origin !== proxyOrigin && options.isExempt?.(target.origin)) return target.href;
    const address = toProxyUrl(target, proxyOrigin, session);
    if (!address) return reference;
    return parse(trimmed, new URL(options.documentBase()))?.href === address ? reference : address;
  };

  return { targetOf, proxied };
}
