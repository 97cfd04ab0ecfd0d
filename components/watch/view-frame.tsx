"use client";

import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The room of the visitor's page on the watch page. The mouse wheel over it is the visitor's (the
 * overlay sends it as a scroll of their page): it never scrolls the watch page, nor this room when the
 * page is shown at its actual size (its scrollbars and the keyboard move around it then).
 */
export function ViewFrame({ zoomed, children }: { zoomed: boolean; children: React.ReactNode }) {
  const room = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = room.current;
    if (!box) return;
    // Not React's onWheel: React listens passively, and a passive listener cannot stop the scroll.
    const keep = (event: WheelEvent) => event.preventDefault();
    box.addEventListener("wheel", keep, { passive: false });
    return () => box.removeEventListener("wheel", keep);
  }, []);
  return (
    <div
      ref={room}
      data-testid="view-frame"
      // Scrollable at the actual size: reachable by keyboard, so the arrow keys move around the page.
      tabIndex={zoomed ? 0 : undefined}
      role={zoomed ? "region" : undefined}
      aria-label={zoomed ? "The visitor's page at its actual size" : undefined}
      className={cn("min-h-0 lg:flex-1", zoomed && "max-h-[80vh] overflow-auto overscroll-contain lg:max-h-none")}
    >
      {children}
    </div>
  );
}
