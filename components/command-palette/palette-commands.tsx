"use client";

import { Command } from "cmdk";
import type { NavItem } from "@/lib/console/pages";
import { visitorTargets } from "@/lib/console/visitors/palette-targets";

const itemClass =
  "flex cursor-pointer items-center rounded-md px-3 py-2 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-700 dark:data-[selected=true]:bg-brand-700/25 dark:data-[selected=true]:text-brand-100";
const groupClass =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-zinc-500 dark:[&_[cmdk-group-heading]]:text-zinc-400";

/** A group of destinations, left out when none matches. */
function PaletteGroup({ heading, targets, go }: { heading: string; targets: Array<{ href: string; label: string }>; go: (href: string) => void }) {
  if (targets.length === 0) return null;
  return (
    <Command.Group heading={heading} className={groupClass}>
      {targets.map((target) => (
        <Command.Item key={target.href} value={target.href} onSelect={() => go(target.href)} className={itemClass}>
          {target.label}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

const INPUT_LABEL = "Visitor id, lookup code, search or page";

/** The palette's input and destinations (cmdk), loaded when the palette is first wanted. */
export default function PaletteCommands({
  items,
  text,
  setText,
  go,
}: {
  items: NavItem[];
  text: string;
  setText: (text: string) => void;
  go: (href: string) => void;
}) {
  const needle = text.trim().toLowerCase();
  const pages = items.filter((item) => needle === "" || item.label.toLowerCase().includes(needle));
  const visitors = visitorTargets(text);

  // cmdk names its input with this label (aria-labelledby), so it is what a screen reader announces.
  return (
    <Command label={INPUT_LABEL} shouldFilter={false} loop className="flex flex-col gap-2">
      {/* The dialog focuses it when it opens; autoFocus, when it opened before this code had loaded. */}
      <Command.Input
        data-autofocus
        autoFocus
        value={text}
        onValueChange={setText}
        placeholder="Visitor id, lookup code, search or page…"
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm placeholder:text-zinc-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
      />
      <Command.List label="Destinations" className="max-h-80 overflow-y-auto">
        <Command.Empty className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">Nothing matches.</Command.Empty>
        {/* A page whose name is typed comes first; anything typed is also offered as a visitor. */}
        <PaletteGroup heading="Pages" targets={pages} go={go} />
        <PaletteGroup heading="Visitors" targets={visitors} go={go} />
      </Command.List>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">↑↓ to choose, Enter to go, Esc to close.</p>
    </Command>
  );
}
