/**
 * The agent's keys and drags on inputs whose editor the browser draws itself, which ignore a script's
 * key and mouse events: date, time and colour inputs take the value the agent types whole, with `input`
 * and `change` as a person's editing fires them; a range input moves with arrow keys (each step fires
 * `input` and `change`) and with a drag (each step fires `input`, the release `change`).
 */
import { rangeBounds, rangeValueAfterKey, rangeValueAt, takesTypedValue, typedValue } from "./input-values";

/** By tag, not instanceof: a frame's elements belong to another window's classes. */
function inputOfType(element: Element | null, test: (type: string) => boolean): HTMLInputElement | null {
  const input = element as HTMLInputElement | null;
  if (!input || input.localName !== "input" || input.disabled || input.readOnly || !test(input.type)) return null;
  return input;
}

export const valueInput = (element: Element | null) => inputOfType(element, takesTypedValue);
export const rangeInput = (element: Element | null) => inputOfType(element, (type) => type === "range");

/** Sets the value through the native setter (frameworks that track it see it); true when it changed. */
function setValue(input: HTMLInputElement, value: string): boolean {
  if (input.value === value) return false;
  const prototype = Object.getPrototypeOf(input) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(input, value);
  return true;
}

function fire(input: HTMLInputElement, ...types: ("input" | "change")[]) {
  for (const type of types) input.dispatchEvent(new Event(type, { bubbles: true }));
}

/** What the agent typed into each value input since it took focus. */
const typed = new WeakMap<HTMLInputElement, string>();

/** Characters typed (or pasted) into a date, time or colour input: its value once they spell one. */
export function typeIntoValue(input: HTMLInputElement, text: string): void {
  if (!typed.has(input)) input.addEventListener("blur", () => typed.delete(input), { once: true });
  const sofar = ((typed.get(input) ?? "") + text).slice(-64);
  typed.set(input, sofar);
  const value = typedValue(input.type, sofar);
  if (value === null) return;
  // The browser refuses what is no date (31 February): a probe keeps the current value then.
  const probe = input.ownerDocument.createElement("input");
  probe.type = input.type;
  probe.value = value;
  if (probe.value === "" || !setValue(input, probe.value)) return;
  fire(input, "input", "change");
}

/** Backspace in a value input: forgets the last character typed. */
export function eraseTyped(input: HTMLInputElement): void {
  typed.set(input, (typed.get(input) ?? "").slice(0, -1));
}

const boundsOf = (input: HTMLInputElement) => rangeBounds({ min: input.min, max: input.max, step: input.step });

/** A key on a focused range: true when the key moves it (it moved unless already at that end). */
export function rangeKey(input: HTMLInputElement, key: string): boolean {
  const next = rangeValueAfterKey(key, Number(input.value), boundsOf(input));
  if (next === null) return false;
  if (setValue(input, String(next))) fire(input, "input", "change");
  return true;
}

/** The range a drag holds, and its value when the drag started (`change` fires if it differs at the end). */
let dragged: { input: HTMLInputElement; from: string } | null = null;

/** One step of a drag that pressed a range input: its thumb follows the pointer's x. */
export function dragRange(phase: "start" | "move" | "end", input: HTMLInputElement | null, x: number): void {
  if (phase === "start") dragged = input ? { input, from: input.value } : null;
  if (!dragged) return;
  const { left, width } = dragged.input.getBoundingClientRect();
  if (setValue(dragged.input, String(rangeValueAt(x, left, width, boundsOf(dragged.input))))) fire(dragged.input, "input");
  if (phase !== "end") return;
  if (dragged.input.value !== dragged.from) fire(dragged.input, "change");
  dragged = null;
}
