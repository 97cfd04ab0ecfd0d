"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { NavItem } from "@/lib/console/pages";
import { OPEN_PALETTE } from "./palette-button";

const loadCommands = () => import("./palette-commands");
const PaletteCommands = dynamic(loadCommands, { ssr: false, loading: () => <p className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">Loading…</p> });

/**
 * Ctrl/⌘-K from anywhere in the console, or the navigation's "Search or jump…": find a visitor and act
 * on them (open, co-browse, copy their lookup code), search the visitors, or go to a page.
 */
export function CommandPalette({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const router = useRouter();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    const onButton = () => setOpen(true);
    document.addEventListener("keydown", onKey);
    document.addEventListener(OPEN_PALETTE, onButton);
    // Fetched once the page is idle, so the first Ctrl+K opens at once without weighing on the page's load.
    const idle = window.setTimeout(() => void loadCommands(), 2000);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener(OPEN_PALETTE, onButton);
      window.clearTimeout(idle);
    };
  }, []);

  const close = () => {
    setOpen(false);
    setText("");
  };
  const go = (href: string) => {
    close();
    router.push(href);
  };

  return (
    <Dialog open={open} onClose={close} title="Go to">
      <PaletteCommands items={items} text={text} setText={setText} go={go} />
    </Dialog>
  );
}
