"use client";

import { useEffect, useId, useRef, useState } from "react";
import { movedTo, toggled, type ChoiceOption } from "./select-choice";

interface Props {
  options: ChoiceOption[];
  multiple: boolean;
  /** Where the select is, in the watch page's pixels within the mirror's box. */
  at: { left: number; top: number; width: number; height: number };
  /** The mirror's box height: the picker opens upwards when there is no room below. */
  room: number;
  /** The option (or, for a list that allows several, every option) to have selected now. */
  onChoose: (value: string | string[]) => void;
  onClose: () => void;
}

const MAX_HEIGHT = 240;

/**
 * The list of a visitor's `<select>`, opened over the mirror (which cannot open a native list): a
 * listbox that takes focus. Arrows, Home and End move; Enter, Space or a click chooses (and closes),
 * or, in a list that allows several, toggles an option; Escape or Done closes.
 */
export function SelectPicker({ options: initial, multiple, at, room, onChoose, onClose }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const [options, setOptions] = useState(initial);
  const [active, setActive] = useState(() => {
    const selected = initial.findIndex((option) => option.selected && !option.disabled);
    return selected >= 0 ? selected : (movedTo(initial, -1, "Home") ?? -1);
  });

  useEffect(() => list.current?.focus(), []);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const choose = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    setActive(index);
    if (!multiple) {
      if (!option.selected) onChoose(option.value);
      return onClose();
    }
    const values = toggled(options, option.value);
    setOptions(options.map((candidate) => ({ ...candidate, selected: values.includes(candidate.value) })));
    onChoose(values);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moved = movedTo(options, active, event.key);
    if (moved !== null) setActive(moved);
    else if (event.key === " " || (event.key === "Enter" && !multiple)) choose(active);
    else if (event.key === "Escape" || event.key === "Enter" || event.key === "Tab") onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const below = at.top + at.height + MAX_HEIGHT <= room || at.top < MAX_HEIGHT;
  return (
    <div
      className="absolute z-10 flex flex-col rounded-md border border-zinc-300 bg-white text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={{ left: at.left, minWidth: Math.max(at.width, 160), ...(below ? { top: at.top + at.height } : { bottom: room - at.top }) }}
      data-testid="select-picker"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <ul
        ref={list}
        role="listbox"
        tabIndex={0}
        aria-label="The visitor's list: choose an option"
        aria-multiselectable={multiple || undefined}
        aria-activedescendant={active >= 0 ? `${baseId}-${active}` : undefined}
        className="overflow-auto py-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        style={{ maxHeight: MAX_HEIGHT }}
        onKeyDown={onKeyDown}
      >
        {options.map((option, index) => (
          <li
            key={index}
            id={`${baseId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={option.selected}
            aria-disabled={option.disabled || undefined}
            className={`flex cursor-default items-center gap-2 px-3 py-1 ${index === active ? "bg-brand-50 dark:bg-brand-700/25" : ""} ${option.disabled ? "text-zinc-400" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {multiple ? <span aria-hidden>{option.selected ? "☑" : "☐"}</span> : null}
            {option.group ? <span className="text-xs text-zinc-500">{option.group} ·</span> : null}
            {option.label}
          </li>
        ))}
      </ul>
      {multiple ? (
        <button type="button" className="border-t border-zinc-200 px-3 py-1 text-left font-medium dark:border-zinc-700" onClick={onClose}>
          Done
        </button>
      ) : null}
    </div>
  );
}
