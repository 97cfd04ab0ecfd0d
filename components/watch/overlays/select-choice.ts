/**
 * The options of a `<select>` as the watch page's picker lists them, read from the mirror (which holds
 * the visitor's options and which are selected), and the picker's keyboard: pure, for the picker.
 */
export interface ChoiceOption {
  value: string;
  label: string;
  disabled: boolean;
  selected: boolean;
  /** The label of the `<optgroup>` holding it. */
  group?: string;
}

export function optionsOf(select: HTMLSelectElement): ChoiceOption[] {
  return Array.from(select.options, (option) => {
    const group = option.parentElement?.localName === "optgroup" ? (option.parentElement as HTMLOptGroupElement) : null;
    return {
      value: option.value,
      label: option.label || option.text,
      disabled: option.disabled || !!group?.disabled,
      selected: option.selected,
      ...(group && { group: group.label }),
    };
  });
}

/**
 * The option a key moves the picker's cursor to (`from`: the current one, -1 for none), skipping
 * disabled ones, or null for a key that does not move it.
 */
export function movedTo(options: ChoiceOption[], from: number, key: string): number | null {
  const enabled = options.flatMap((option, index) => (option.disabled ? [] : [index]));
  if (!enabled.length) return null;
  switch (key) {
    case "Home":
    case "PageUp":
      return enabled[0];
    case "End":
    case "PageDown":
      return enabled.at(-1)!;
    case "ArrowDown":
      return enabled.find((index) => index > from) ?? enabled.at(-1)!;
    case "ArrowUp":
      return enabled.findLast((index) => index < from) ?? enabled[0];
    default:
      return null;
  }
}

/** The values a list that allows several has selected once `value` is toggled, in the list's order. */
export function toggled(options: ChoiceOption[], value: string): string[] {
  return options.filter((option) => (option.value === value ? !option.selected : option.selected)).map((option) => option.value);
}
