/**
 * What `document.cookie` shows on a proxied page: the jar's script-visible cookies for the page when it
 * loaded, and the writes its scripts made since, applied as a browser would (expiry deletes, a write
 * for another path or domain does not show here, `HttpOnly` or a `Secure` cookie on http is refused).
 */
export type CookieWrite = "set" | "deleted" | "elsewhere" | "refused";

/** Browsers ignore a cookie whose name and value exceed this. */
const MAX_COOKIE_BYTES = 4096;

function defaultPath(pathname: string): string {
  const slash = pathname.lastIndexOf("/");
  return slash <= 0 ? "/" : pathname.slice(0, slash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/");
}

export class CookieView {
  private readonly cookies = new Map<string, string>();

  constructor(header: string) {
    for (const pair of header.split(";")) {
      const trimmed = pair.trim();
      if (!trimmed) continue;
      const equals = trimmed.indexOf("=");
      if (equals < 0) this.cookies.set("", trimmed);
      else this.cookies.set(trimmed.slice(0, equals).trim(), trimmed.slice(equals + 1).trim());
    }
  }

  /** The `document.cookie` string. */
  toString(): string {
    return [...this.cookies].map(([name, value]) => (name ? `${name}=${value}` : value)).join("; ");
  }

  /** Applies `document.cookie = assignment` made on the page at `page`; says what became of it. */
  write(assignment: string, page: URL, now = Date.now()): CookieWrite {
    if (assignment.length > MAX_COOKIE_BYTES) return "refused";
    const [pair, ...attributes] = assignment.split(";");
    const equals = pair.indexOf("=");
    const name = equals < 0 ? "" : pair.slice(0, equals).trim();
    const value = (equals < 0 ? pair : pair.slice(equals + 1)).trim();
    if (!name && !value) return "refused";
    let expired = false;
    let maxAgeSeen = false;
    let path = defaultPath(page.pathname);
    for (const attribute of attributes) {
      const equalsAt = attribute.indexOf("=");
      const key = (equalsAt < 0 ? attribute : attribute.slice(0, equalsAt)).trim().toLowerCase();
      const argument = equalsAt < 0 ? "" : attribute.slice(equalsAt + 1).trim();
      if (key === "httponly") return "refused"; // a script cannot make a cookie it could not read
      if (key === "secure" && page.protocol !== "https:") return "refused";
      if (key === "domain" && argument) {
        const domain = argument.replace(/^\./, "").toLowerCase();
        const host = page.hostname.toLowerCase();
        if (host !== domain && !host.endsWith(`.${domain}`)) return "refused";
      }
      if (key === "path") path = argument.startsWith("/") ? argument : defaultPath(page.pathname);
      if (key === "max-age" && /^-?\d+$/.test(argument)) {
        maxAgeSeen = true; // Max-Age wins over Expires
        expired = Number(argument) <= 0;
      }
      if (key === "expires" && !maxAgeSeen) {
        const at = Date.parse(argument);
        if (!Number.isNaN(at)) expired = at <= now;
      }
    }
    if (!pathMatches(page.pathname, path)) return "elsewhere";
    if (expired) {
      this.cookies.delete(name);
      return "deleted";
    }
    this.cookies.set(name, value);
    return "set";
  }
}
