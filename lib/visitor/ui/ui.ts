import { TANDEM_UI } from "../recorder/masking";

/**
 * The visitor-facing pieces the script adds to the customer's page: plain DOM with inline styles (the
 * page's CSS is unknown), class `no-cobrowse` so they never reach the agent and the agent's tools
 * cannot press them.
 */
export const FONT = "font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;";
export const BUTTON = "font:inherit;padding:6px 14px;border-radius:6px;cursor:pointer;border:1px solid #4f46e5;";

/** A red button that ends something (the session, a call). */
export const END_BUTTON = `${BUTTON}background:#dc2626;border-color:#dc2626;color:#fff;border-radius:999px;`;

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.style.cssText = style;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One of the script's own parts of the page: out of the recording and the agent's reach, with its role, its name and `data-tandem-<marker>`. */
export function ownPart<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, marker: string, role: string, label?: string): HTMLElementTagNameMap[K] {
  const node = element(tag, style);
  node.className = TANDEM_UI;
  node.setAttribute("role", role);
  if (label) node.setAttribute("aria-label", label);
  node.setAttribute(`data-tandem-${marker}`, "");
  return node;
}

/**
 * What a page's own CSS could change on the prompt, set back: each declaration is made `!important`, and
 * a style attribute's important declarations win over any stylesheet's, hostile or careless.
 */
const RESET =
  "all:revert;box-sizing:border-box;margin:0;padding:0;border:0;position:static;float:none;transform:none;opacity:1;visibility:visible;width:auto;min-width:0;max-width:none;height:auto;text-align:left;text-transform:none;text-indent:0;letter-spacing:normal;word-spacing:normal;text-shadow:none;box-shadow:none;color:#18181b;background:none;";
const sealed = <K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text?: string) =>
  element(tag, (RESET + FONT + style).replace(/;/g, "!important;"), text);

/** The consent prompt: may the agent see the page? */
export const askConsent = (agentName: string) =>
  askChoice(
    "consent",
    `${agentName} wants to see this page`,
    "They will see this page and may point, click and type to help you. Passwords and masked fields stay hidden. You can stop at any time.",
  );

/**
 * An accessible question with Accept and Decline (the consent prompt, a call): a modal dialog in the
 * middle of the viewport marked `data-tandem-<marker>`, labelled by its question, focus on Accept while
 * it is open and back where it was after; Escape declines, as Decline does.
 */
export function askChoice(marker: string, question: string, explanation: string): { answer: Promise<boolean>; close: () => void } {
  const dialog = sealed(
    "dialog",
    "display:block;position:fixed;inset:0;z-index:2147483647;margin:auto;width:min(380px,calc(100vw - 32px));height:fit-content;max-height:calc(100vh - 32px);overflow:auto;padding:20px;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.3);background:#fff;",
  );
  dialog.className = TANDEM_UI;
  dialog.setAttribute("aria-labelledby", `tandem-${marker}-title`);
  dialog.setAttribute("aria-describedby", `tandem-${marker}-text`);
  dialog.setAttribute(`data-tandem-${marker}`, "");
  const title = sealed("h2", "display:block;margin:0 0 8px;font-size:17px;font-weight:600;", question);
  title.id = `tandem-${marker}-title`;
  const text = sealed("p", "display:block;margin:0 0 16px;", explanation);
  text.id = `tandem-${marker}-text`;
  const button = `display:inline-block;${BUTTON}`;
  const decline = sealed("button", `${button}background:#fff;color:#4f46e5;margin-right:8px;`, "Decline");
  const accept = sealed("button", `${button}background:#4f46e5;color:#fff;`, "Accept");
  decline.type = accept.type = "button";
  const actions = sealed("div", "display:flex;justify-content:flex-end;");
  actions.append(decline, accept);
  dialog.append(title, text, actions);
  const before = document.activeElement as HTMLElement | null;
  document.body.appendChild(dialog);

  let settle: ((accepted: boolean) => void) | null = null;
  const answer = new Promise<boolean>((resolve) => (settle = resolve));
  const close = () => {
    settle = null;
    if (dialog.open) dialog.close();
    dialog.remove();
    before?.focus?.();
  };
  const choose = (accepted: boolean) => {
    const answered = settle;
    close();
    answered?.(accepted);
  };
  accept.addEventListener("click", () => choose(true));
  decline.addEventListener("click", () => choose(false));
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    choose(false);
  });
  // Closed some other way (the browser may close a modal on Escape without a cancel event): declined.
  dialog.addEventListener("close", () => choose(false));
  dialog.showModal();
  accept.focus();
  return { answer, close };
}

/** "<agent> is helping you" with a Stop button, while the session lasts. */
export function showHelpBar(agentName: string, onStop: () => void): () => void {
  const bar = ownPart(
    "div",
    `${FONT}position:fixed;z-index:2147483646;left:50%;bottom:16px;transform:translateX(-50%);display:flex;gap:12px;align-items:center;padding:8px 8px 8px 16px;border-radius:999px;background:#18181b;color:#fff;box-shadow:0 4px 16px rgba(0,0,0,.25);`,
    "bar",
    "region",
    "Co-browsing session",
  );
  const label = element("span", "", `${agentName} is helping you`);
  const stop = element("button", END_BUTTON, "Stop");
  stop.type = "button";
  stop.addEventListener("click", onStop);
  bar.append(label, stop);
  document.body.appendChild(bar);
  return () => bar.remove();
}

/** A short-lived notice, announced to screen readers. */
export function showNotice(text: string, ms = 6000): void {
  const notice = ownPart(
    "div",
    `${FONT}position:fixed;z-index:2147483646;left:50%;bottom:16px;transform:translateX(-50%);padding:10px 16px;border-radius:8px;background:#18181b;color:#fff;`,
    "notice",
    "status",
  );
  notice.textContent = text;
  document.body.appendChild(notice);
  setTimeout(() => notice.remove(), ms);
}
