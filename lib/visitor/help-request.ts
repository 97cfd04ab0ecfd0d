import { TANDEM_UI } from "./recorder/masking";

const KEY = "tandem.help-requested";

function stored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

function store(waiting: boolean): void {
  try {
    if (waiting) sessionStorage.setItem(KEY, "1");
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: the request lasts as long as the page
  }
}

export interface HelpRequestOptions {
  /** Tells the service; rejects when it could not. */
  send: (waiting: boolean) => Promise<unknown>;
  /** Show the ready-made "Ask for help" button (`data-help-button` on the script tag). */
  button: boolean;
}

/**
 * Tandem.requestHelp() / cancelHelp(): the visitor waits in the agents' queue until a session starts.
 * The request is kept in this tab's sessionStorage, so the next page of the site still asks (the
 * service keeps the visitor's place in the queue); it ends with the tab, a cancel or a session.
 */
export function createHelpRequest(options: HelpRequestOptions) {
  let waiting = stored();
  let inSession = false;
  const button = options.button ? createButton(() => void (waiting ? cancel() : request()).catch(() => undefined)) : null;
  const render = () => button?.update(waiting, inSession);
  render();

  const set = async (next: boolean) => {
    const previous = waiting;
    waiting = next;
    store(next);
    render();
    try {
      await options.send(next);
    } catch (error) {
      waiting = previous;
      store(previous);
      render();
      throw error;
    }
  };
  const request = () => set(true);
  const cancel = () => set(false);

  return {
    request,
    cancel,
    isWaiting: () => waiting,
    /** A session started: the request is answered (the service cleared it too). */
    sessionStarted() {
      waiting = false;
      inSession = true;
      store(false);
      render();
    },
    sessionEnded() {
      inSession = false;
      render();
    },
  };
}

const BASE =
  "font:600 14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;position:fixed;z-index:2147483645;right:16px;bottom:16px;padding:10px 18px;border-radius:999px;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);border:2px solid #4338ca;";

function createButton(onClick: () => void) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = TANDEM_UI;
  button.setAttribute("data-tandem-help", "");
  button.addEventListener("click", onClick);
  const status = document.createElement("span");
  status.className = TANDEM_UI;
  status.setAttribute("role", "status");
  status.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;";
  const attach = () => document.body.append(button, status);
  if (document.body) attach();
  else addEventListener("DOMContentLoaded", attach, { once: true });
  let announced: boolean | null = null;
  return {
    update(waiting: boolean, inSession: boolean) {
      button.hidden = inSession;
      button.textContent = waiting ? "Cancel help request" : "Ask for help";
      button.style.cssText = BASE + (waiting ? "background:#fff;color:#4338ca;" : "background:#4338ca;color:#fff;") + (inSession ? "display:none;" : "");
      if (announced !== null && announced !== waiting)
        status.textContent = waiting ? "Help requested: an agent will join you shortly." : "Help request cancelled.";
      announced = waiting;
    },
  };
}
