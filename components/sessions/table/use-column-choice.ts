"use client";

import type { VisibilityState } from "@tanstack/react-table";
import { useCallback, useSyncExternalStore } from "react";

const KEY = "tandem.sessionColumns";
const CHANGED = "tandem:session-columns";

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

const stored = () => localStorage.getItem(KEY);

/**
 * Which columns of the sessions tables are shown: the defaults (`hidden` ones off) until the person
 * chooses under Columns; their choice is kept in this browser, for every sessions table.
 */
export function useColumnChoice(hidden: readonly string[]): [VisibilityState, (next: VisibilityState) => void] {
  // The server renders the defaults: a choice kept in the browser applies once the page runs.
  const text = useSyncExternalStore(subscribe, stored, () => null);
  let choice: VisibilityState = Object.fromEntries(hidden.map((id) => [id, false]));
  try {
    if (text) choice = { ...choice, ...(JSON.parse(text) as VisibilityState) };
  } catch {
    // A value written by something else: the defaults.
  }
  const choose = useCallback((next: VisibilityState) => {
    localStorage.setItem(KEY, JSON.stringify(next));
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [choice, choose];
}
