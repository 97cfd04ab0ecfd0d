import { TANDEM_UI } from "./recorder/masking";

/** Ctrl pressed this many times within WINDOW_MS shows the visitor's lookup code. */
const PRESSES = 5;
const WINDOW_MS = 2500;
const SLOT_ID = "cobrowse-lookup-code";

/**
 * The 4-digit code the visitor reads aloud to an agent: shown inside `#cobrowse-lookup-code` when the
 * page has one, and in an overlay when the visitor presses Ctrl five times.
 */
export function createLookupCode() {
  let code: string | null = null;
  let presses: number[] = [];
  let overlay: HTMLDivElement | null = null;

  const fillSlot = () => {
    const slot = document.getElementById(SLOT_ID);
    if (slot && code && slot.textContent !== code) slot.textContent = code;
  };
  const hide = () => {
    overlay?.remove();
    overlay = null;
  };
  const show = () => {
    if (!code) return;
    hide();
    overlay = document.createElement("div");
    overlay.className = TANDEM_UI;
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-label", "Your co-browsing code");
    overlay.setAttribute("data-tandem-lookup", "");
    overlay.style.cssText =
      "position:fixed;z-index:2147483647;top:16px;right:16px;padding:16px 20px;border-radius:12px;background:#18181b;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 8px 30px rgba(0,0,0,.3);";
    overlay.innerHTML = '<div>Your code for the support agent</div><div style="font-size:32px;font-weight:700;letter-spacing:.2em;margin:4px 0"></div>';
    (overlay.lastElementChild as HTMLElement).textContent = code;
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    close.style.cssText = "font:inherit;color:#fff;background:transparent;border:1px solid #fff;border-radius:6px;padding:2px 10px;cursor:pointer;";
    close.addEventListener("click", hide);
    overlay.appendChild(close);
    document.body.appendChild(overlay);
    close.focus();
  };

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") return hide();
    if (event.key !== "Control" || event.repeat) return;
    const now = Date.now();
    presses = [...presses.filter((at) => now - at < WINDOW_MS), now];
    if (presses.length >= PRESSES) {
      presses = [];
      show();
    }
  });
  // The page may render the slot later, or re-render it (e.g. React hydration) over the code: fill it again.
  const watchSlot = () => new MutationObserver(fillSlot).observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.body) watchSlot();
  else document.addEventListener("DOMContentLoaded", watchSlot);

  return {
    get: () => code,
    set(next: string | null | undefined) {
      if (next) code = next;
      fillSlot();
    },
    refresh: fillSlot,
  };
}
