/**
 * The visitor script in a proxied page, added by the runtime once the page has loaded: a script the
 * page asks for before then holds its load event (a connection to the service's origin, the script,
 * then the visitor's registration), and a proxied page should load as fast as the site itself would.
 * A page whose load drags on (an image that never arrives) still gets it after `latestMs`.
 */
export interface VisitorScript {
  /** cobrowse.js on the Tandem service's origin. */
  src: string;
  publicKey: string;
}

export function addVisitorScriptAfterLoad(visitor: VisitorScript, { latestMs }: { latestMs: number }): void {
  let added = false;
  const add = () => {
    if (added) return;
    added = true;
    window.removeEventListener("load", afterLoad);
    clearTimeout(latest);
    const script = document.createElement("script");
    script.src = visitor.src;
    script.async = true;
    script.dataset.publicKey = visitor.publicKey;
    (document.head ?? document.documentElement).appendChild(script);
  };
  // After the load event's own listeners: the script's request starts once the page counts as loaded.
  const afterLoad = () => setTimeout(add);
  const latest = setTimeout(add, latestMs);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad);
}
