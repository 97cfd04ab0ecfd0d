import { fromProxyUrl } from "@/lib/contract/proxy-url";

/**
 * Messages between windows: proxied pages all have the proxy's origin, so a page that names the site it
 * talks to (`postMessage(data, "https://bank.example")`, `event.origin === "https://bank.example"`)
 * would never match. The runtime speaks in the sites' origins on both ends: a message is delivered when
 * the receiving window shows the named site, and `event.origin` is the sending page's site.
 */
export function patchMessages(proxyOrigin: string): void {
  const siteOf = (win: unknown): string | null => {
    try {
      return fromProxyUrl(new URL((win as Window).location.href), proxyOrigin)?.target.origin ?? null;
    } catch {
      return null; // a window on another origin
    }
  };

  const nativePostMessage = window.postMessage as (
    this: Window,
    message: unknown,
    options: string | WindowPostMessageOptions,
    transfer?: Transferable[],
  ) => void;
  const originOf = (address: string) => {
    try {
      return new URL(address).origin;
    } catch {
      return null; // the browser throws its own error for it
    }
  };
  window.postMessage = function postMessage(this: Window, message: unknown, options?: string | WindowPostMessageOptions, transfer?: Transferable[]) {
    const targetOrigin = (typeof options === "string" ? options : options?.targetOrigin) ?? "/";
    const named = targetOrigin !== "*" && targetOrigin !== "/" ? originOf(targetOrigin) : null;
    const delivered = named && named === siteOf(this ?? window) ? proxyOrigin : targetOrigin;
    if (typeof options === "object") return nativePostMessage.call(this, message, { ...options, targetOrigin: delivered });
    return nativePostMessage.call(this, message, delivered, transfer);
  } as Window["postMessage"];

  const origin = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "origin");
  if (origin?.get) {
    const nativeOrigin = origin.get;
    Object.defineProperty(MessageEvent.prototype, "origin", {
      ...origin,
      get(this: MessageEvent) {
        const sent = nativeOrigin.call(this) as string;
        return sent === proxyOrigin ? (siteOf(this.source) ?? sent) : sent;
      },
    });
  }
}
