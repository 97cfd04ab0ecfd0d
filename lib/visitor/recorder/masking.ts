import { TANDEM_UI_CLASS } from "@/lib/contract/recording-marks";

/**
 * What never leaves the visitor's browser: elements with class `no-cobrowse`, the team's masking
 * selectors, and card-like inputs are blocked (the agent sees an empty box); password values are
 * replaced by asterisks. The agent's tools cannot click or type into any of them.
 */
export const BLOCK_CLASS = "no-cobrowse";
/** The classes of what the visitor script adds itself: never sent, and left out of the AI agent's reading. */
export const TANDEM_UI = `${BLOCK_CLASS} ${TANDEM_UI_CLASS}`;

export const CARD_INPUT_SELECTOR = [
  "input[autocomplete^='cc-']",
  "input[name*='card' i]",
  "input[name*='cvc' i]",
  "input[name*='cvv' i]",
  "input[id*='card-number' i]",
].join(",");

function validSelectors(selectors: string[]): string[] {
  return selectors.filter((selector) => {
    try {
      document.createDocumentFragment().querySelector(selector);
      return true;
    } catch {
      console.warn(`Tandem: ignoring the masking selector ${JSON.stringify(selector)}: not valid CSS.`);
      return false;
    }
  });
}

export function blockSelector(maskingSelectors: string[]): string {
  return [CARD_INPUT_SELECTOR, ...validSelectors(maskingSelectors)].join(",");
}

export function isMasked(element: Element, selector: string): boolean {
  if (element.closest(`.${BLOCK_CLASS}`) || element.closest(selector)) return true;
  // By tag, not instanceof: an iframe's elements belong to another window's classes.
  return element.tagName === "INPUT" && (element as HTMLInputElement).type === "password";
}

export function maskValue(text: string): string {
  return "*".repeat(text.length);
}
