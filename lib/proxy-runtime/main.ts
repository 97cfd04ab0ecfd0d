/**
 * proxy-runtime.js, in every page the universal proxy serves (inline), just before the page's first
 * script (or anything else that may run one): what the proxy could not rewrite in the HTML (requests, navigation, elements and cookies
 * scripts make) goes through the proxy too, and each proxied site keeps its storage to itself.
 */
import { fromProxyUrl, proxySessionPath } from "@/lib/contract/proxy-url";
import { parseRuntimeConfig } from "./config";
import { patchDocumentCookie } from "./cookies";
import { patchElements } from "./elements";
import { patchMessages } from "./messages";
import { patchNavigation } from "./navigation";
import { patchRequests } from "./requests";
import { separateStorage } from "./storage";
import { createUrlMapper } from "./url-mapper";
import { addVisitorScriptAfterLoad } from "./visitor-script";

/** How long a page still loading may keep the visitor from registering. */
const VISITOR_SCRIPT_LATEST_MS = 2_000;

function boot(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const config = parseRuntimeConfig(script?.dataset.tandemProxy);
  const holder = window as unknown as { __tandemProxyRuntime?: true };
  if (!script || !config || holder.__tandemProxyRuntime) return;
  holder.__tandemProxyRuntime = true;

  const fallbackTarget = new URL(config.target);
  const currentTarget = () => fromProxyUrl(new URL(document.baseURI), config.proxyOrigin)?.target ?? fallbackTarget;
  const pageTarget = () => fromProxyUrl(new URL(location.href), config.proxyOrigin)?.target ?? fallbackTarget;

  // The visitor script's service is requested directly, not through the proxy.
  const serviceOrigin = config.visitor ? new URL(config.visitor.src).origin : null;
  const isExempt = (origin: string) => origin === serviceOrigin;

  const mapper = createUrlMapper({
    session: config.session,
    proxyOrigin: config.proxyOrigin,
    currentTarget,
    documentBase: () => document.baseURI,
    isExempt,
  });
  const nativeFetch = window.fetch.bind(window);
  const cookieWrites = patchDocumentCookie({
    initial: config.cookies,
    endpoint: `${config.proxyOrigin}${proxySessionPath(config.session)}__tandem/cookie`,
    currentTarget: pageTarget,
    fetch: nativeFetch,
  });
  patchRequests(mapper, cookieWrites.settled);
  patchNavigation(mapper, { cookieWrites });
  patchElements(mapper);
  patchMessages(config.proxyOrigin);
  separateStorage({ session: config.session, currentOrigin: () => pageTarget().origin });
  if (config.visitor) addVisitorScriptAfterLoad(config.visitor, { latestMs: VISITOR_SCRIPT_LATEST_MS });
}

boot();
