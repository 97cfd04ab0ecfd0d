import type { UrlMapper } from "./url-mapper";

/**
 * Navigation the page makes after load: history entries, window.open, link clicks and form submissions
 * (their addresses are fixed just before the browser follows them), form.submit(), and, where the
 * browser has the Navigation API, any other navigation (`location.href = …`, `location.assign`) to an
 * address outside the proxy session: it is cancelled and made again to the proxied address.
 */
export interface NavigationOptions {
  /** Cookie writes on their way to the jar. */
  cookieWrites: { pending(): boolean; settled(): Promise<void> };
}

export function patchNavigation(mapper: UrlMapper, options: NavigationOptions): void {
  for (const method of ["pushState", "replaceState"] as const) {
    const native = History.prototype[method];
    History.prototype[method] = function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      if (url === undefined || url === null) return native.call(this, data, unused, url);
      // The browser refuses an entry on another origin; the proxied page's origin is its target's.
      const target = mapper.targetOf(String(url));
      const current = mapper.targetOf(location.href);
      if (target && current && target.origin !== current.origin) {
        throw new DOMException(
          `A history state object with URL '${target.href}' cannot be created in a document with origin '${current.origin}'.`,
          "SecurityError",
        );
      }
      return native.call(this, data, unused, mapper.proxied(String(url)));
    };
  }

  const nativeOpen = window.open;
  window.open = function open(url?: string | URL, target?: string, features?: string) {
    return nativeOpen.call(window, url === undefined ? url : mapper.proxied(String(url)), target, features);
  };

  const fixLink = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href], area[href]") as HTMLAnchorElement | HTMLAreaElement | null;
    const href = link?.getAttribute("href");
    if (link && href !== null && href !== undefined) {
      const proxied = mapper.proxied(href);
      if (proxied !== href) link.setAttribute("href", proxied);
    }
  };
  // Capture on window runs first, and after the page's own listeners the browser reads the address.
  window.addEventListener("click", fixLink, true);
  window.addEventListener("auxclick", fixLink, true);

  const fixForm = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const action = form.getAttribute("action");
    if (action !== null && mapper.proxied(action) !== action) form.setAttribute("action", mapper.proxied(action));
    const formAction = submitter?.getAttribute("formaction");
    if (submitter && formAction && mapper.proxied(formAction) !== formAction) submitter.setAttribute("formaction", mapper.proxied(formAction));
  };
  window.addEventListener("submit", (event) => fixForm(event.target as HTMLFormElement, (event as SubmitEvent).submitter), true);
  const nativeSubmit = HTMLFormElement.prototype.submit;
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    fixForm(this);
    nativeSubmit.call(this);
  };

  watchOtherNavigations(mapper, options);
}

interface NavigateEvent extends Event {
  destination: { url: string; sameDocument: boolean };
  navigationType: "push" | "replace" | "reload" | "traverse";
  formData: FormData | null;
}

function watchOtherNavigations(mapper: UrlMapper, options: NavigationOptions): void {
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (!navigation) return; // without the Navigation API, the proxy maps stray paths by their Referer
  navigation.addEventListener("navigate", (event) => {
    const navigate = event as NavigateEvent;
    // pushState and fragments stay in this document (pushState maps its own address).
    if (!navigate.cancelable || navigate.destination.sameDocument || navigate.navigationType === "traverse") return;
    const destination = navigate.destination.url;
    const proxied = mapper.proxied(destination);
    // Cookies a script wrote just before must reach the jar before the page it navigates to.
    const mustWait = options.cookieWrites.pending() && !navigate.formData;
    if (proxied === destination && !mustWait) return;
    navigate.preventDefault();
    void options.cookieWrites.settled().then(() => navigateAgain(proxied, navigate));
  });
}

/** Makes a cancelled navigation again, to `url` (a form's POST as a POST). */
function navigateAgain(url: string, navigate: NavigateEvent): void {
  if (!navigate.formData) {
    if (navigate.navigationType === "reload") location.reload();
    else if (navigate.navigationType === "replace") location.replace(url);
    else location.assign(url);
    return;
  }
  const form = document.createElement("form");
  form.method = "post";
  form.action = url;
  form.hidden = true;
  for (const [name, value] of navigate.formData) {
    const input = document.createElement("input");
    input.name = name;
    if (typeof value === "string") input.value = value;
    else {
      form.enctype = "multipart/form-data";
      input.type = "file";
      const files = new DataTransfer();
      files.items.add(value);
      input.files = files.files;
    }
    form.append(input);
  }
  document.body.append(form);
  HTMLFormElement.prototype.submit.call(form);
}
