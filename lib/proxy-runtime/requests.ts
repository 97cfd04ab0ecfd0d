import type { UrlMapper } from "./url-mapper";

/**
 * Requests scripts make: fetch, XMLHttpRequest, sendBeacon, EventSource and worker scripts go to their
 * proxied addresses. Service workers are refused: one registered on the proxy's origin would control the
 * pages of every proxied site and proxy session in this browser.
 */
export function patchRequests(mapper: UrlMapper, beforeFetch: () => Promise<void>): void {
  const nativeFetch = window.fetch;
  window.fetch = async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // Cookies a script wrote just before must reach the jar before the request that may depend on them.
    await beforeFetch();
    if (input instanceof Request) return nativeFetch.call(window, new Request(mapper.proxied(input.url), input), init);
    return nativeFetch.call(window, mapper.proxied(String(input)), init);
  };

  const nativeOpen = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  XMLHttpRequest.prototype.open = function open(this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    nativeOpen.call(this, method, mapper.proxied(String(url)), ...rest);
  } as XMLHttpRequest["open"];

  const nativeBeacon = Navigator.prototype.sendBeacon;
  if (nativeBeacon) {
    Navigator.prototype.sendBeacon = function sendBeacon(this: Navigator, url: string | URL, data?: BodyInit | null) {
      return nativeBeacon.call(this, mapper.proxied(String(url)), data);
    };
  }

  // Constructors: a subclass keeps `instanceof`, the constants and the prototype's methods.
  for (const name of ["EventSource", "Worker", "SharedWorker"] as const) {
    const Native = window[name] as unknown as (new (url: string | URL, options?: unknown) => object) | undefined;
    if (!Native) continue;
    const Proxied = class extends Native {
      constructor(url: string | URL, options?: unknown) {
        super(mapper.proxied(String(url)), options);
      }
    };
    Object.defineProperty(Proxied, "name", { value: name });
    Object.defineProperty(window, name, { value: Proxied, writable: true, configurable: true });
  }

  // WebSockets go to the proxy too (ws: as http:, wss: as https:): a proxy that does not carry them
  // fails the connection, and the browser still never reaches the site itself.
  const NativeWebSocket = window.WebSocket;
  if (NativeWebSocket) {
    const ProxiedWebSocket = class extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(webSocketAddress(mapper, String(url)), protocols);
      }
    };
    Object.defineProperty(ProxiedWebSocket, "name", { value: "WebSocket" });
    Object.defineProperty(window, "WebSocket", { value: ProxiedWebSocket, writable: true, configurable: true });
  }

  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (container) {
    const refuse = function register(): Promise<ServiceWorkerRegistration> {
      console.warn(
        "Tandem proxy: this page tried to register a service worker; it is refused on proxied pages (it would control every proxied site in this browser).",
      );
      return Promise.reject(new DOMException("Service workers are not available on proxied pages.", "SecurityError"));
    };
    Object.defineProperty(ServiceWorkerContainer.prototype, "register", { value: refuse, writable: true, configurable: true });
  }
}

function webSocketAddress(mapper: UrlMapper, reference: string): string {
  const target = mapper.targetOf(reference.replace(/^ws(s?):/i, "http$1:"));
  if (!target) return reference;
  return mapper.proxied(target.href).replace(/^http(s?):/, "ws$1:");
}
