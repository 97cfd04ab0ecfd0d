/** Where the script came from and which team it serves: `<script src="…/cobrowse.js" data-public-key="pk_…">`. */
export interface ScriptConfig {
  publicKey: string;
  /** The service's origin: every request of the script goes there. */
  baseUrl: string;
  /** `data-help-button` on the tag: show the ready-made "Ask for help" button. */
  helpButton: boolean;
}

/** The snippet's script tag, on this page or on a page embedding it. */
export const SNIPPET_SELECTOR = "script[data-public-key][src*='cobrowse']";

export function readScriptConfig(): ScriptConfig | null {
  const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>(SNIPPET_SELECTOR);
  const publicKey = script?.dataset.publicKey;
  if (!script || !publicKey) {
    console.warn('Tandem: add data-public-key="pk_…" to the cobrowse.js script tag.');
    return null;
  }
  const helpButton = script.dataset.helpButton !== undefined && script.dataset.helpButton !== "false";
  return { publicKey, baseUrl: new URL(script.src, location.href).origin, helpButton };
}
