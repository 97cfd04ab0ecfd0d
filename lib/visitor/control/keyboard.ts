/**
 * The agent's keyboard, played on the visitor's page the way a person's is: each key press goes to the
 * focused element (inside open shadow roots and same-origin frames) as keydown → keypress (characters)
 * → beforeinput → input → keyup with `key`, `code`, `keyCode` and the modifiers. A script's key events
 * do nothing by themselves, so unless the page cancelled them this module carries out the default
 * action: editing text, moving the caret, Tab's focus order, Enter's submit or activation, Space on a
 * button, Escape on a dialog, scrolling the page. Nothing reaches a masked element.
 */
import { flatAncestors } from "@/lib/dom/shadow";
import { identifyKey } from "./key-codes";
import { moveFocus } from "./focus-order";
import { isMasked } from "../recorder/masking";
import { eraseTyped, rangeInput, rangeKey, typeIntoValue, valueInput } from "./native-inputs";
import { deleteContent, insertParagraph, insertText, moveCaret, richEditable, selectAll, textField, type TextField } from "./text-editing";

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The focused element and what holds it (frames, shadow hosts), outermost first. */
export function focusChain(): Element[] {
  const chain: Element[] = [];
  let element: Element | null = document.activeElement;
  while (element) {
    chain.push(element);
    let inner: Element | null | undefined = element.shadowRoot?.activeElement;
    if (!inner && element.localName === "iframe") {
      try {
        inner = (element as HTMLIFrameElement).contentDocument?.activeElement; // null across origins
      } catch {
        inner = null;
      }
    }
    element = inner ?? null;
  }
  if (!chain.length && document.body) chain.push(document.body);
  return chain;
}

/** The element keys go to now, or null when it (or the frame holding it) is masked. */
function keyTarget(maskSelector: string): Element | null {
  const chain = focusChain();
  return chain.some((element) => isMasked(element, maskSelector)) ? null : (chain.at(-1) ?? null);
}

/**
 * `change` as a person's editing gets it: the browser fires it only after edits of its user, so for the
 * agent's edits it is fired here, on Enter in an input and when the field loses focus, if the value
 * differs from the one last committed.
 */
const committed = new WeakMap<Element, string>();
const edited = new WeakSet<Element>();
const watched = new WeakSet<Document>();

function watchChanges(doc: Document) {
  if (watched.has(doc)) return;
  watched.add(doc);
  doc.addEventListener("change", (event) => committed.set(event.target as Element, (event.target as TextField).value), true);
  doc.addEventListener("focusout", (event) => commitChange(event.target as Element), true);
}

function commitChange(element: Element) {
  const field = textField(element);
  if (!field || !edited.has(field) || committed.get(field) === field.value) return;
  committed.set(field, field.value);
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

function noteEdit(element: Element) {
  const field = textField(element);
  if (field && !edited.has(field)) {
    edited.add(field);
    if (!committed.has(field)) committed.set(field, field.defaultValue);
  }
}

/** Enter in an input: `change`, then implicit submission (the default button's click, or a lone field's submit). */
function submitImplicitly(field: TextField) {
  commitChange(field);
  const form = field.form;
  if (!form) return;
  const controls = Array.from(form.elements) as HTMLInputElement[];
  const button = controls.find((control) => control.type === "submit" || control.type === "image");
  if (button) return void (button.disabled || button.click());
  if (controls.filter((control) => textField(control) && control.localName === "input").length === 1) form.requestSubmit();
}

const ACTIVATED_BY_ENTER = "a[href],area[href],button,input[type=button],input[type=submit],input[type=reset],input[type=image],summary";
const ACTIVATED_BY_SPACE = "button,input[type=button],input[type=submit],input[type=reset],input[type=checkbox],input[type=radio],summary";

function scrollPage(key: string, shift: boolean) {
  const page = window.innerHeight * 0.875;
  const by: Record<string, number> = { ArrowDown: 40, ArrowUp: -40, PageDown: page, PageUp: -page, " ": shift ? -page : page };
  if (key === "Home" || key === "End") window.scrollTo({ top: key === "Home" ? 0 : document.documentElement.scrollHeight, behavior: "instant" });
  else if (by[key]) window.scrollBy({ top: by[key], behavior: "instant" });
}

/** The modal dialogs of `root` and of the open shadow roots in it. */
function modalDialogs(root: Document | ShadowRoot): HTMLDialogElement[] {
  const found = Array.from(root.querySelectorAll<HTMLDialogElement>("dialog:modal"));
  for (const element of Array.from(root.querySelectorAll("*"))) if (element.shadowRoot) found.push(...modalDialogs(element.shadowRoot));
  return found;
}

/**
 * Escape's close request, as a browser makes it: the modal dialog holding the focus (else the page's
 * modal dialog, a web component's in its shadow root too) gets a cancellable `cancel`, and closes
 * unless the page cancelled it (a dialog that animates its closing cancels it and closes itself).
 */
function closeRequest(target: Element) {
  const holding = flatAncestors(target).find((element) => element.localName === "dialog" && element.matches(":modal"));
  const dialog = (holding as HTMLDialogElement | undefined) ?? modalDialogs(target.ownerDocument).at(-1);
  if (dialog && dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
}

/** The default action of a key no listener cancelled; a returned function runs after keyup (Space's click). */
function defaultAction(target: Element, press: KeyPress, character: boolean): (() => void) | void {
  const { key } = press;
  const command = !!(press.ctrlKey || press.metaKey);
  const valueField = valueInput(target);
  if (valueField && character) return typeIntoValue(valueField, key);
  if (valueField && key === "Backspace") return eraseTyped(valueField);
  const range = rangeInput(target);
  if (range && !command && rangeKey(range, key)) return;
  const editable = textField(target) ?? richEditable(target);
  if (editable) {
    if (character) return (noteEdit(editable), insertText(editable, key));
    if (key === "Backspace" || key === "Delete") return (noteEdit(editable), deleteContent(editable, key === "Delete"));
    if (command && key.toLowerCase() === "a") return selectAll(editable);
    if (moveCaret(editable, key, !!press.shiftKey, command)) return;
    if (key === "Enter") {
      const field = textField(editable);
      if (field?.localName === "input") return submitImplicitly(field);
      noteEdit(editable);
      if (field || press.shiftKey) return insertText(editable, "\n", "insertLineBreak");
      return insertParagraph(editable);
    }
  }
  if (key === "Tab" && !command && !press.altKey) return moveFocus(target, !!press.shiftKey);
  if (key === "Escape") return closeRequest(target);
  if (editable) return;
  if (key === "Enter" && target.matches(ACTIVATED_BY_ENTER)) return (target as HTMLElement).click();
  if (key === " " && target.matches(ACTIVATED_BY_SPACE)) return () => (target as HTMLElement).click();
  if (target === target.ownerDocument.body || target === target.ownerDocument.documentElement) scrollPage(key, !!press.shiftKey);
}

/** One key pressed and released on the focused element. */
export function pressKey(press: KeyPress, maskSelector: string): void {
  const target = keyTarget(maskSelector);
  if (!target) return;
  watchChanges(target.ownerDocument);
  const identity = identifyKey(press.key);
  const view = target.ownerDocument.defaultView ?? window;
  const init: KeyboardEventInit = {
    key: press.key,
    code: press.code || identity.code,
    keyCode: identity.keyCode,
    which: identity.keyCode,
    ctrlKey: !!press.ctrlKey,
    shiftKey: press.shiftKey ?? identity.shifted,
    altKey: !!press.altKey,
    metaKey: !!press.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
    view,
  };
  const character = Array.from(press.key).length === 1 && !press.ctrlKey && !press.metaKey;
  let proceed = target.dispatchEvent(new view.KeyboardEvent("keydown", init));
  if (proceed && (character || press.key === "Enter")) {
    const charCode = press.key === "Enter" ? 13 : press.key.codePointAt(0)!;
    proceed = target.dispatchEvent(new view.KeyboardEvent("keypress", { ...init, keyCode: charCode, which: charCode, charCode }));
  }
  const after = proceed ? defaultAction(target, press, character) : undefined;
  // keyup goes where focus is now (Tab moved it), unless that is masked.
  keyTarget(maskSelector)?.dispatchEvent(new view.KeyboardEvent("keyup", init));
  after?.();
}

/** Characters typed one after another, each a key press; a line break is Enter. */
export function typeText(text: string, maskSelector: string): void {
  for (const character of Array.from(text.replace(/\r\n?/g, "\n"))) pressKey({ key: character === "\n" ? "Enter" : character }, maskSelector);
}

/**
 * Text an input method composed (an accent, a Japanese word): compositionstart, compositionupdate,
 * one insertion, compositionend, as a browser gives a committed composition; never the keys behind it.
 */
export function composeText(text: string, maskSelector: string): void {
  const target = keyTarget(maskSelector);
  if (!target) return;
  const view = (target.ownerDocument.defaultView ?? window) as typeof window;
  const compose = (type: string, data: string) =>
    target.dispatchEvent(new view.CompositionEvent(type, { bubbles: true, cancelable: type === "compositionstart", composed: true, data }));
  compose("compositionstart", "");
  compose("compositionupdate", text);
  const editable = textField(target) ?? richEditable(target);
  if (editable) {
    noteEdit(editable);
    insertText(editable, text, "insertCompositionText");
  }
  compose("compositionend", text);
}

/** A paste: the page's `paste` listeners get the text first; else it goes in as one insertion. */
export function pasteText(text: string, maskSelector: string): void {
  const target = keyTarget(maskSelector);
  if (!target) return;
  const clipboardData = new DataTransfer();
  clipboardData.setData("text/plain", text);
  const pasted = target.dispatchEvent(new ClipboardEvent("paste", { bubbles: true, cancelable: true, composed: true, clipboardData }));
  const valueField = valueInput(target);
  if (pasted && valueField) return typeIntoValue(valueField, text);
  const editable = textField(target) ?? richEditable(target);
  if (pasted && editable) {
    noteEdit(editable);
    insertText(editable, text, "insertFromPaste");
  }
}
