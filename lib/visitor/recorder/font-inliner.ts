/**
 * Web fonts the agent's browser cannot fetch, sent from the visitor's browser instead.
 *
 * The mirror runs on Tandem's origin: a font of the customer's origin served without CORS headers (most
 * are) is refused there, and the text falls back to another font. The visitor's browser already holds
 * these fonts (same-origin, or allowed by CORS for the visitor's origin, or its page could not use them):
 * it reads them from its HTTP cache and the recording carries them as `data:` URLs in place of their
 * address. Chosen over a proxy in the service because it costs no request from the service to the
 * customer's site (no SSRF surface, nothing to reach behind a login or on an intranet) and works for any
 * font the page renders; its cost is bandwidth (each full snapshot carries the fonts again), kept in
 * bounds by the budgets below. Fonts sent with `Access-Control-Allow-Origin: *` are left to the mirror.
 */

/** A larger font is left as an address (the mirror falls back for it): icon sets and CJK fonts run to megabytes. */
export const FONT_BYTES_MAX = 512 * 1024;
/** All fonts of a page together: a snapshot never grows by more than this (a third more as base64). */
export const FONTS_BYTES_TOTAL = 2 * 1024 * 1024;
/** Session start waits at most this long for the fonts (from the HTTP cache it takes a few ms). */
export const FONTS_WAIT_MS = 1500;

const URL_IN_CSS = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

export interface FontInliner {
  /** Reads the fonts of the page's current stylesheets not read yet; resolves when done or after FONTS_WAIT_MS, true if it inlined any. */
  prepare: () => Promise<boolean>;
  /** CSS text with each inlined font's address replaced by its `data:` URL. */
  rewrite: (css: string) => string;
}

/** Addresses of the fonts that the page's @font-face rules name, as the browser resolved them. */
function fontAddresses(): Set<string> {
  const found = new Set<string>();
  const visit = (rules: CSSRuleList, base: string) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSFontFaceRule) {
        for (const [, , address] of rule.style.getPropertyValue("src").matchAll(URL_IN_CSS)) {
          if (!address.startsWith("data:")) found.add(new URL(address, base).href);
        }
      } else if ("cssRules" in rule && (rule as CSSGroupingRule).cssRules) visit((rule as CSSGroupingRule).cssRules, base);
    }
  };
  for (const sheet of [...Array.from(document.styleSheets), ...(document.adoptedStyleSheets ?? [])]) {
    try {
      visit(sheet.cssRules, sheet.href ?? location.href);
    } catch {
      // A cross-origin stylesheet without CORS: its rules cannot be read, nor its fonts by the mirror's CSS.
    }
  }
  return found;
}

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export function createFontInliner(): FontInliner {
  const inlined = new Map<string, string>();
  const tried = new Set<string>();
  let spent = 0;

  const inline = async (address: string) => {
    tried.add(address);
    const response = await fetch(address, { credentials: "same-origin", cache: "force-cache", referrerPolicy: "no-referrer" });
    // The mirror may fetch this one itself.
    if (!response.ok || response.headers.get("access-control-allow-origin") === "*") return;
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > FONT_BYTES_MAX || spent + length > FONTS_BYTES_TOTAL) return;
    const blob = await response.blob();
    if (blob.size > FONT_BYTES_MAX || spent + blob.size > FONTS_BYTES_TOTAL) return;
    spent += blob.size;
    inlined.set(address, await asDataUrl(blob));
  };

  return {
    async prepare() {
      const fresh = [...fontAddresses()].filter((address) => !tried.has(address) && /^https?:/.test(address));
      if (!fresh.length) return false;
      const before = inlined.size;
      const all = Promise.all(fresh.map((address) => inline(address).catch(() => undefined)));
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, FONTS_WAIT_MS))]);
      return inlined.size > before;
    },
    rewrite(css) {
      if (!inlined.size || !css.includes("url(")) return css;
      return css.replace(URL_IN_CSS, (whole, _quote, address: string) => {
        const data = inlined.get(address);
        return data ? `url("${data}")` : whole;
      });
    },
  };
}
