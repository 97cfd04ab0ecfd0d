"use client";

import { Button } from "@/components/ui/button";

/** Switches light/dark and remembers the choice (the root layout applies it before paint). */
export function ThemeToggle() {
  function toggle() {
    const dark = document.documentElement.classList.toggle("dark");
    localStorage.setItem("theme", dark ? "dark" : "light");
  }
  return (
    <Button variant="ghost" className="w-full justify-start" onClick={toggle}>
      Light / dark theme
    </Button>
  );
}
