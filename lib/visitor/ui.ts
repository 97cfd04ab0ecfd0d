import { BLOCK_CLASS } from "./masking";

/**
 * The visitor-facing pieces the script adds to the customer's page: plain DOM with inline styles (the
 * page's CSS is unknown), class `no-cobrowse` so they never reach the agent and the agent's tools
 * cannot press them.
 */
const FONT = "font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;";
const BUTTON = "font:inherit;padding:6px 14px;border-radius:6px;cursor:pointer;border:1px solid #4f46e5;";

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.style.cssText = style;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The accessible consent prompt: a modal dialog, focus on Accept, Escape declines. */
export function askConsent(agentName: string): { answer: Promise<boolean>; close: () => void } {
  const dialog = element(
    "dialog",
    `${FONT}max-width:380px;padding:20px;border:0;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.3);color:#18181b;background:#fff;`,
  );
  dialog.className = BLOCK_CLASS;
  dialog.setAttribute("aria-labelledby", "tandem-consent-title");
  dialog.setAttribute("aria-describedby", "tandem-consent-text");
  dialog.setAttribute("data-tandem-consent", "");
  const title = element("h2", "margin:0 0 8px;font-size:17px;font-weight:600;", `${agentName} wants to see this page`);
  title.id = "tandem-consent-title";
  const text = element(
    "p",
    "margin:0 0 16px;",
    "They will see this page and may point, click and type to help you. Passwords and masked fields stay hidden. You can stop at any time.",
  );
  text.id = "tandem-consent-text";
  const decline = element("button", `${BUTTON}background:#fff;color:#4f46e5;margin-right:8px;`, "Decline");
  const accept = element("button", `${BUTTON}background:#4f46e5;color:#fff;`, "Accept");
  decline.type = accept.type = "button";
  const actions = element("div", "display:flex;justify-content:flex-end;");
  actions.append(decline, accept);
  dialog.append(title, text, actions);
  document.body.appendChild(dialog);

  let settle: (accepted: boolean) => void = () => {};
  const answer = new Promise<boolean>((resolve) => (settle = resolve));
  const close = () => {
    if (dialog.open) dialog.close();
    dialog.remove();
  };
  const choose = (accepted: boolean) => {
    close();
    settle(accepted);
  };
  accept.addEventListener("click", () => choose(true));
  decline.addEventListener("click", () => choose(false));
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    choose(false);
  });
  dialog.showModal();
  accept.focus();
  return { answer, close };
}

/** "<agent> is helping you" with a Stop button, while the session lasts. */
export function showHelpBar(agentName: string, onStop: () => void): () => void {
  const bar = element(
    "div",
    `${FONT}position:fixed;z-index:2147483646;left:50%;bottom:16px;transform:translateX(-50%);display:flex;gap:12px;align-items:center;padding:8px 8px 8px 16px;border-radius:999px;background:#18181b;color:#fff;box-shadow:0 4px 16px rgba(0,0,0,.25);`,
  );
  bar.className = BLOCK_CLASS;
  bar.setAttribute("role", "region");
  bar.setAttribute("aria-label", "Co-browsing session");
  bar.setAttribute("data-tandem-bar", "");
  const label = element("span", "", `${agentName} is helping you`);
  const stop = element("button", `${BUTTON}background:#dc2626;border-color:#dc2626;color:#fff;border-radius:999px;`, "Stop");
  stop.type = "button";
  stop.addEventListener("click", onStop);
  bar.append(label, stop);
  document.body.appendChild(bar);
  return () => bar.remove();
}

/** A short-lived notice, announced to screen readers. */
export function showNotice(text: string, ms = 6000): void {
  const notice = element(
    "div",
    `${FONT}position:fixed;z-index:2147483646;left:50%;bottom:16px;transform:translateX(-50%);padding:10px 16px;border-radius:8px;background:#18181b;color:#fff;`,
    text,
  );
  notice.className = BLOCK_CLASS;
  notice.setAttribute("role", "status");
  notice.setAttribute("data-tandem-notice", "");
  document.body.appendChild(notice);
  setTimeout(() => notice.remove(), ms);
}
