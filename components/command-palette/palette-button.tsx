"use client";

import { useSyncExternalStore } from "react";

/** The event the palette opens on, besides its keys. */
export const OPEN_PALETTE = "tandem:open-palette";

const noChange = () => () => {};
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * "Search or jump… Ctrl K" in the navigation: the palette, found without knowing its keys. `compact`: the
 * narrow screens' top bar, where the navigation itself is behind Menu.
 */
export function PaletteButton({ compact = false }: { compact?: boolean }) {
  // The server renders Ctrl; a Mac's browser says ⌘ once the page runs.
  const mac = useSyncExternalStore(noChange, onMac, () => false);
  const open = () => document.dispatchEvent(new Event(OPEN_PALETTE));
  if (compact) {
    return (
      <button
        type="button"
        onClick={open}
        className="ml-auto rounded-md border border-zinc-300 px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        Search
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={open}
      aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
      className="flex w-full items-center justify-between gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-left text-sm text-zinc-600 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800"
    >
      <span>Search or jump…</span>
      <kbd className="rounded border border-zinc-300 px-1.5 py-0.5 font-sans text-xs text-zinc-600 dark:border-zinc-600 dark:text-zinc-400">
        {mac ? "⌘ K" : "Ctrl K"}
      </kbd>
    </button>
  );
}
