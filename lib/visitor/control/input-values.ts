/**
 * The values of inputs that a script's key and mouse events cannot change by themselves (the browser
 * draws their editor or thumb itself): date, time and colour inputs take a value the agent types whole;
 * a range input follows the agent's drag and arrow keys. Pure: the callers set the value and fire events.
 */

/** Input types whose value the agent types whole (e.g. 2026-12-01, 14:30, #ff0000). */
const TYPED: Record<string, RegExp> = {
  date: /\d{4}-\d{2}-\d{2}$/,
  time: /\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
  month: /\d{4}-\d{2}$/,
  week: /\d{4}-W\d{2}$/,
  "datetime-local": /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
  color: /#[0-9a-fA-F]{6}$/,
};

export function takesTypedValue(type: string): boolean {
  return type in TYPED;
}

/**
 * The value the characters typed so far into an input of `type` end with, or null while they end with
 * none: "2026-12-01" in a date input; "2026-12-012027-01-01" (typed again without leaving) ends with
 * "2027-01-01". The browser still checks the date itself (a 31 February is refused there).
 */
export function typedValue(type: string, typed: string): string | null {
  const pattern = TYPED[type];
  const match = pattern?.exec(typed);
  if (!match) return null;
  const value = match[0];
  if (type === "datetime-local") return value.replace(" ", "T");
  return type === "color" ? value.toLowerCase() : value;
}

export interface RangeBounds {
  min: number;
  max: number;
  step: number | "any";
}

/** The input's min, max and step as the browser reads them (defaults 0, 100, 1). */
export function rangeBounds(attributes: { min: string; max: string; step: string }): RangeBounds {
  const number = (text: string, fallback: number) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : fallback);
  const min = number(attributes.min, 0);
  const max = Math.max(min, number(attributes.max, 100));
  const step = attributes.step.toLowerCase() === "any" ? "any" : number(attributes.step, 1) > 0 ? number(attributes.step, 1) : 1;
  return { min, max, step };
}

/** A value on the range's steps (counted from min), within its bounds. */
export function snapToStep(value: number, { min, max, step }: RangeBounds): number {
  const clamped = Math.min(max, Math.max(min, value));
  if (step === "any") return clamped;
  const steps = Math.round((clamped - min) / step);
  let snapped = min + steps * step;
  if (snapped > max) snapped -= step;
  return Number(snapped.toFixed(10));
}

/** Half the thumb's width: the thumb's centre runs from this far inside one end of the track to the other. */
const THUMB_HALF = 8;

/** The value under the pointer at `x` on a horizontal range `width` wide starting at `left`. */
export function rangeValueAt(x: number, left: number, width: number, bounds: RangeBounds): number {
  const track = Math.max(1, width - 2 * THUMB_HALF);
  const fraction = Math.min(1, Math.max(0, (x - left - THUMB_HALF) / track));
  return snapToStep(bounds.min + fraction * (bounds.max - bounds.min), bounds);
}

/** The value after a key press on a focused range, or null for a key that does not move it. */
export function rangeValueAfterKey(key: string, value: number, bounds: RangeBounds): number | null {
  const step = bounds.step === "any" ? 1 : bounds.step;
  const page = Math.max(step, (bounds.max - bounds.min) / 10);
  const by: Record<string, number> = { ArrowRight: step, ArrowUp: step, ArrowLeft: -step, ArrowDown: -step, PageUp: page, PageDown: -page };
  if (key === "Home") return bounds.min;
  if (key === "End") return snapToStep(bounds.max, bounds);
  if (!(key in by)) return null;
  return snapToStep(value + by[key], bounds);
}
