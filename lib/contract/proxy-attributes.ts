/**
 * Which attributes hold addresses, for the universal proxy: it rewrites them in the pages it serves
 * (lib/service/proxy/rewrite-html.ts), and its runtime in those pages rewrites them as scripts set them
 * (lib/proxy-runtime/elements.ts). One table, so that markup and scripts are held alike. Plain code, no
 * dependency: the runtime bundles it.
 */

/** Attributes holding one address, by element (its lower-case local name); `*` for any element: SVG's links, images, scripts and uses. */
const ONE_ADDRESS: Record<string, readonly string[]> = {
  "*": ["href", "xlink:href"],
  img: ["src", "longdesc"],
  script: ["src"],
  iframe: ["src"],
  frame: ["src"],
  embed: ["src"],
  source: ["src"],
  track: ["src"],
  audio: ["src"],
  video: ["src", "poster"],
  input: ["src", "formaction"],
  button: ["formaction"],
  form: ["action"],
  object: ["data"],
  // Presentational background images.
  body: ["background"],
  table: ["background"],
  td: ["background"],
  th: ["background"],
  // Addresses a script may follow.
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite"],
  ins: ["cite"],
};

/** Image candidates with their widths or densities, on any element (`<img srcset>`, `<link imagesrcset>`). */
const SRCSETS = ["srcset", "imagesrcset"];

/** Addresses separated by spaces: a link's `ping`, which the browser posts to when it is followed. */
const ADDRESS_LISTS: Record<string, readonly string[]> = { a: ["ping"], area: ["ping"] };

/** How an attribute holds addresses: one, a srcset, or a list separated by spaces. */
export type AddressAttribute = "address" | "srcset" | "list";

/** How `attribute` of `element` (a tag or local name, any case) holds addresses; null when it holds none. */
export function addressAttribute(element: string, attribute: string): AddressAttribute | null {
  const name = attribute.toLowerCase();
  const tag = element.toLowerCase();
  if (SRCSETS.includes(name)) return "srcset";
  if (ONE_ADDRESS["*"].includes(name) || ONE_ADDRESS[tag]?.includes(name)) return "address";
  if (ADDRESS_LISTS[tag]?.includes(name)) return "list";
  return null;
}

/** The attributes `element` may hold addresses in. */
export function addressAttributesOf(element: string): string[] {
  const tag = element.toLowerCase();
  return [...ONE_ADDRESS["*"], ...(ONE_ADDRESS[tag] ?? []), ...SRCSETS, ...(ADDRESS_LISTS[tag] ?? [])];
}

/** Every attribute that holds addresses on some element. */
export const ADDRESS_ATTRIBUTE_NAMES: readonly string[] = [
  ...new Set([...Object.values(ONE_ADDRESS).flat(), ...SRCSETS, ...Object.values(ADDRESS_LISTS).flat()]),
];

/** Maps each address of a list attribute (`ping`) with `map`. */
export function mapAddressList(value: string, map: (address: string) => string): string {
  return value
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean)
    .map(map)
    .join(" ");
}
