"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const TOKENS: { token: string; example: string; meaning: string }[] = [
  { token: "an email", example: "jane@example.com", meaning: "Visitors whose unique id or identities hold that email" },
  { token: "online / -online", example: "online", meaning: "Only online / only offline visitors" },
  { token: "ip:<address>", example: "ip:203.0.113.7", meaning: "Visitors last seen from that IP" },
  { token: "id:<unique id>", example: "id:user-123", meaning: "Visitors with your own user id" },
  { token: "4 digits", example: "4821", meaning: "The visitor showing that lookup code" },
  { token: "#tag", example: "#vip", meaning: "Visitors with that tag" },
  { token: "integration_id:<name>:<id>", example: "integration_id:acmechat:1234", meaning: "Visitors with that integration id" },
  {
    token: "free text",
    example: "jane checkout",
    meaning: "Names, emails, identities, unique id, page address and title; accents ignored, small typos forgiven (one from 4 letters, two from 8)",
  },
];

/** The search grammar, one click (or Enter) away from the search box; Escape closes it. */
export function SearchHelp() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    const onClick = (event: MouseEvent) => !wrapper.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        Search help
      </Button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Search tokens"
          className="absolute right-0 z-20 mt-2 w-[min(36rem,90vw)] rounded-xl border border-zinc-200 bg-white p-4 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <p className="mb-2 text-zinc-600 dark:text-zinc-400">
            Combine tokens with free text, e.g. <code>#vip online jane</code>.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            {TOKENS.map((row) => (
              <div key={row.token} className="contents">
                <dt className="font-medium whitespace-nowrap">
                  {row.token} <code className="ml-1 rounded bg-zinc-100 px-1 text-xs dark:bg-zinc-800">{row.example}</code>
                </dt>
                <dd className="text-zinc-600 dark:text-zinc-400">{row.meaning}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
