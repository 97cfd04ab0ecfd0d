/**
 * Maps every address of a `srcset` (`a.png 1x, b.png 2x`), keeping the descriptors. Follows the HTML
 * parsing rule: an address is a run of non-space characters (so data: addresses keep their commas), its
 * trailing commas end the candidate, and a descriptor list runs to the next comma outside parentheses.
 */
export function mapSrcset(srcset: string, map: (url: string) => string): string {
  const isSpace = (char: string) => char === " " || char === "\t" || char === "\n" || char === "\f" || char === "\r";
  const candidates: string[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && (isSpace(srcset[position]) || srcset[position] === ",")) position++;
    if (position >= srcset.length) break;
    const start = position;
    while (position < srcset.length && !isSpace(srcset[position])) position++;
    let url = srcset.slice(start, position);
    let descriptors = "";
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      const descriptorStart = position;
      let depth = 0;
      while (position < srcset.length && (depth > 0 || srcset[position] !== ",")) {
        if (srcset[position] === "(") depth++;
        else if (srcset[position] === ")") depth = Math.max(0, depth - 1);
        position++;
      }
      descriptors = srcset.slice(descriptorStart, position).trim();
    }
    candidates.push(descriptors ? `${map(url)} ${descriptors}` : map(url));
  }
  return candidates.join(", ");
}
