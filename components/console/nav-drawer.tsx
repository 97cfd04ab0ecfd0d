"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/**
 * The console's navigation: a sidebar on wide screens; below them a slim bar (with `bar`'s own controls)
 * whose Menu button opens it over the page (so on a phone the page starts at the top, not under the
 * navigation). Following a link or pressing Escape closes it.
 */
export function NavDrawer({ brand, bar, children }: { brand: React.ReactNode; bar?: React.ReactNode; children: React.ReactNode }) {
  const pathname = usePathname();
  // Open on the page where it was opened: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((current: boolean) => boolean)) =>
    setOpenOn((current) => ((typeof next === "function" ? next(current === pathname) : next) ? pathname : null));
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-zinc-200 bg-white px-4 py-2 lg:hidden dark:border-zinc-800 dark:bg-zinc-900">
        {brand}
        {bar}
        <Button ref={toggleRef} variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          {open ? "Close menu" : "Menu"}
        </Button>
      </header>
      {open ? <div aria-hidden="true" className="fixed inset-0 z-30 bg-zinc-950/40 lg:hidden" onClick={() => setOpen(false)} /> : null}
      <aside
        id={panelId}
        className={cn(
          "shrink-0 flex-col gap-6 border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900",
          "lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:border-r",
          open ? "fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] overflow-y-auto border-r shadow-xl" : "hidden",
        )}
      >
        <div className="hidden lg:block">{brand}</div>
        {children}
      </aside>
    </>
  );
}
