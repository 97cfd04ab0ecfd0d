import { CONSOLE_PAGES } from "@/lib/console/pages";
import { visitorQueryString } from "@/lib/console/visitors/search-params";

export interface PaletteTarget {
  key: string;
  label: string;
  href: string;
}

const LOOKUP_CODE = /^\d{4}$/;
// Visitor ids are one word of letters and digits (the embedded service's are 8 upper-case characters).
const LOOKS_LIKE_ID = /^(?=.*[A-Z0-9])[A-Za-z0-9_-]{6,64}$/;

/**
 * What typing in the palette offers, best first: a 4-digit lookup code is a search; an id-like word
 * opens that visitor (with a search as second choice); anything else searches the visitors.
 */
export function visitorTargets(input: string): PaletteTarget[] {
  const text = input.trim();
  if (text === "") return [];
  const search: PaletteTarget = {
    key: "search",
    label: LOOKUP_CODE.test(text) ? `Find the visitor with lookup code ${text}` : `Search visitors for “${text}”`,
    href: `${CONSOLE_PAGES.visitors.route}${visitorQueryString({ search: text, status: "all" })}`,
  };
  if (LOOKUP_CODE.test(text) || !LOOKS_LIKE_ID.test(text) || !/[A-Z0-9]/.test(text)) return [search];
  const open: PaletteTarget = { key: "open", label: `Open visitor ${text}`, href: `${CONSOLE_PAGES.visitors.route}/${encodeURIComponent(text)}` };
  return [open, search];
}
