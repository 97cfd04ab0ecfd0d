"use client";

import { Command } from "cmdk";
import { useState } from "react";
import type { Visitor } from "@/lib/contract";
import type { NavItem } from "@/lib/console/pages";
import { startCoBrowse } from "@/lib/console/visitors/actions";
import { visitorDisplayName } from "@/lib/console/visitors/visitor-name";
import { visitorTargets } from "@/lib/console/visitors/palette-targets";
import { usePaletteVisitors } from "./use-palette-visitors";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-700 dark:data-[selected=true]:bg-brand-700/25 dark:data-[selected=true]:text-brand-100";
const groupClass =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-zinc-500 dark:[&_[cmdk-group-heading]]:text-zinc-400";

interface Target {
  key: string;
  label: React.ReactNode;
  run: () => void;
}

/** A group of commands, left out when none matches. */
function PaletteGroup({ heading, targets }: { heading: string; targets: Target[] }) {
  if (targets.length === 0) return null;
  return (
    <Command.Group heading={heading} className={groupClass}>
      {targets.map((target) => (
        <Command.Item key={target.key} value={target.key} onSelect={target.run} className={itemClass}>
          {target.label}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

function Presence({ visitor }: { visitor: Visitor }) {
  const online = visitor.is_online === true;
  return (
    <span className={online ? "text-emerald-700 dark:text-emerald-300" : "text-zinc-600 dark:text-zinc-400"}>
      {online ? (visitor.is_in_session ? "online, in session" : "online") : "offline"}
    </span>
  );
}

/** What can be done with a visitor from the palette: open them, co-browse when their page is open, copy their lookup code. */
function visitorCommands(visitor: Visitor, go: (href: string) => void, act: { coBrowse: (id: string) => void; copy: (code: string) => void }): Target[] {
  const name = visitorDisplayName(visitor);
  const id = visitor.short_id;
  const commands: Target[] = [
    {
      key: `open:${id}`,
      label: (
        <>
          <span className="font-medium">{name}</span>
          <span className="text-xs">
            <Presence visitor={visitor} />
          </span>
        </>
      ),
      run: () => go(`/visitors/${encodeURIComponent(id)}`),
    },
  ];
  if (visitor.is_online) commands.push({ key: `co-browse:${id}`, label: `Co-browse with ${name}`, run: () => act.coBrowse(id) });
  if (visitor.is_online && visitor.lookup_code) {
    const code = visitor.lookup_code;
    commands.push({ key: `copy:${id}`, label: `Copy ${name}'s lookup code (${code})`, run: () => act.copy(code) });
  }
  return commands;
}

const INPUT_LABEL = "Visitor id, lookup code, search or page";

/**
 * The palette's input and commands (cmdk), loaded when the palette is first wanted: the pages, the
 * visitors matching what is typed (live, with whether their page is open) and what can be done with
 * them, and a full search of the Visitors page.
 */
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
  const [notice, setNotice] = useState<string | null>(null);
  const needle = text.trim().toLowerCase();
  const { visitors, loading } = usePaletteVisitors(text);
  const pages = items
    .filter((item) => needle === "" || item.label.toLowerCase().includes(needle))
    .map((item) => ({ key: item.href, label: item.label, run: () => go(item.href) }));
  const searches = visitorTargets(text).map((target) => ({ key: target.href, label: target.label, run: () => go(target.href) }));
  const act = {
    coBrowse: async (visitorId: string) => {
      setNotice("Opening the session…");
      const result = await startCoBrowse({ visitorId });
      if (result.ok) window.location.assign(result.data.watchUrl);
      else setNotice(result.error);
    },
    copy: (code: string) =>
      void navigator.clipboard.writeText(code).then(
        () => setNotice(`Copied the lookup code ${code}.`),
        () => setNotice(`Could not copy: the lookup code is ${code}.`),
      ),
  };
  const found = visitors.flatMap((visitor) => visitorCommands(visitor, go, { coBrowse: (id) => void act.coBrowse(id), copy: act.copy }));

  // cmdk names its input with this label (aria-labelledby), so it is what a screen reader announces.
  return (
    <Command label={INPUT_LABEL} shouldFilter={false} loop className="flex flex-col gap-2">
      {/* The dialog focuses it when it opens; autoFocus, when it opened before this code had loaded. */}
      <Command.Input
        data-autofocus
        autoFocus
        value={text}
        onValueChange={setText}
        placeholder="A visitor's name, email, lookup code… or a page"
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm placeholder:text-zinc-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
      />
      <Command.List label="Commands" className="max-h-80 overflow-y-auto">
        <Command.Empty className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">{loading ? "Searching…" : "Nothing matches."}</Command.Empty>
        {/* A page whose name is typed comes first, then what is typed (Enter goes there at once), then the visitors found as they come. */}
        <PaletteGroup heading="Pages" targets={pages} />
        <PaletteGroup heading="Search" targets={searches} />
        <PaletteGroup heading="Visitors" targets={found} />
      </Command.List>
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="palette-notice">
        {notice ?? "↑↓ to choose, Enter to go, Esc to close."}
      </p>
    </Command>
  );
}
