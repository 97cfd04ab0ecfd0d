import { CookieView } from "./cookie-view";

/**
 * `document.cookie` on a proxied page. The browser's own cookies belong to the proxy's origin (the proxy
 * session's cookie, shared by every proxied site): scripts never see them. They see the jar's cookies
 * for the page instead; a write shows at once and goes to the jar, which the proxy uses for the
 * following requests.
 */
export interface CookieWrites {
  pending(): boolean;
  /** Resolves once every write made so far reached the jar (or failed). */
  settled(): Promise<void>;
}

export function patchDocumentCookie(options: { initial: string; endpoint: string; currentTarget: () => URL; fetch: typeof fetch }): CookieWrites {
  const view = new CookieView(options.initial);
  let inFlight = 0;
  // One write after another: they reach the jar in the order the page made them (a set, then its deletion).
  let queue: Promise<void> = Promise.resolve();

  const store = async (cookie: string, url: string) => {
    try {
      const response = await options.fetch(options.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, cookie }),
        credentials: "same-origin",
        keepalive: true, // a write just before the page goes away still reaches the jar
      });
      if (!response.ok) console.warn(`Tandem proxy: a cookie the page set was not stored (${response.status}).`);
    } catch {
      console.warn("Tandem proxy: a cookie the page set could not be stored.");
    }
  };
  const send = (cookie: string) => {
    const url = options.currentTarget().href;
    inFlight++;
    queue = queue.then(() => store(cookie, url)).finally(() => inFlight--);
  };

  Object.defineProperty(document, "cookie", {
    configurable: true,
    get: () => view.toString(),
    set: (value: unknown) => {
      const cookie = String(value);
      if (view.write(cookie, options.currentTarget()) !== "refused") send(cookie);
    },
  });

  return { pending: () => inFlight > 0, settled: () => queue };
}
