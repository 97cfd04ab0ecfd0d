"use client";

import { useState } from "react";
import { MASKED_LIST_NOTICE } from "../control/input-messages";
import type { Mirror } from "../replay/use-replayer";
import { optionsOf, type ChoiceOption } from "./select-choice";

/** A mirrored `<select>` opened in the picker: its rrweb id, options, and box in the mirror (visitor's pixels). */
export interface OpenList {
  id: number;
  options: ChoiceOption[];
  multiple: boolean;
  box: DOMRect;
}

interface Options {
  mirror: Mirror;
  /** The rrweb id of the visitor's focused element (null: none). */
  focusedId: number | null;
  /** The link allows choosing in a list, and the session is live. */
  canSelect: () => boolean;
  onNotice: (notice: string) => void;
}

/** The picker the mirror opens over a visitor's list, since the mirror cannot open its native one. */
export function useSelectPicker({ mirror, focusedId, canSelect, onNotice }: Options) {
  const [picker, setPicker] = useState<OpenList | null>(null);
  return {
    picker,
    /** Opens the picker over a mirrored `<select>`. */
    open(list: HTMLSelectElement) {
      const id = mirror.idOf(list);
      if (id <= 0 || list.disabled || !canSelect()) return;
      // A masked list arrives as an empty box: nothing of it to choose.
      if (!list.options.length) return onNotice(MASKED_LIST_NOTICE);
      setPicker({ id, options: optionsOf(list), multiple: list.multiple, box: list.getBoundingClientRect() });
    },
    /** The visitor's focused element, when it is a list. */
    focusedList(): HTMLSelectElement | null {
      const node = focusedId === null ? null : mirror.nodeOf(focusedId);
      // By tag: the mirror's nodes belong to its frame's window, not this one's classes.
      return node?.nodeType === Node.ELEMENT_NODE && (node as Element).localName === "select" ? (node as HTMLSelectElement) : null;
    },
    close: () => setPicker(null),
  };
}
