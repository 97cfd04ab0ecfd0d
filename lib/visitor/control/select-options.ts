/**
 * The agent's choice in a `<select>`, as a person's pick makes it: one option of a list (by value or
 * label), or exactly the given options of a list that allows several. Disabled options are never chosen.
 * Returns false when nothing changes (no option matches, or the choice is already the list's), so no
 * `input` or `change` fires, as for a person who picks the option already shown.
 */
export function chooseOptions(field: HTMLSelectElement, value: string | string[]): boolean {
  const wanted = typeof value === "string" ? [value] : value;
  const options = Array.from(field.options).filter((option) => !option.disabled && !(option.parentElement as HTMLOptGroupElement | null)?.disabled);
  const matches = (option: HTMLOptionElement) => wanted.some((text) => option.value === text || option.label === text);
  if (!field.multiple) {
    const option = wanted.length === 1 ? options.find(matches) : undefined;
    if (!option || option.selected) return false;
    option.selected = true;
    return true;
  }
  let changed = false;
  for (const option of options) {
    const selected = matches(option);
    if (option.selected !== selected) {
      option.selected = selected;
      changed = true;
    }
  }
  return changed;
}
