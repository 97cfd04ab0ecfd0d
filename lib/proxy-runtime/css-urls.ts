/**
 * Maps the addresses in CSS text a script sets (a `style` attribute, `cssText`, a `<style>` element's
 * text): `url(…)` tokens, quoted or not, and the string of `@import "…"`. A small tokenizer that knows
 * comments, strings and escapes, so an address-looking text inside a comment or another string is left
 * alone.
 */
const IDENTIFIER_CHAR = /[\w-]/;

function stringEnd(css: string, start: number): number {
  const quote = css[start];
  let position = start + 1;
  while (position < css.length && css[position] !== quote && css[position] !== "\n") {
    position += css[position] === "\\" ? 2 : 1;
  }
  return Math.min(position + 1, css.length);
}

function quoted(url: string): string {
  return `"${url.replace(/["\\\n]/g, (char) => (char === "\n" ? "\\a " : `\\${char}`))}"`;
}

export function mapCssUrls(css: string, map: (url: string) => string): string {
  let out = "";
  let position = 0;
  let afterImport = false;
  while (position < css.length) {
    const char = css[position];
    if (char === "/" && css[position + 1] === "*") {
      const end = css.indexOf("*/", position + 2);
      const stop = end < 0 ? css.length : end + 2;
      out += css.slice(position, stop);
      position = stop;
      continue;
    }
    if (char === '"' || char === "'") {
      const stop = stringEnd(css, position);
      const text = css.slice(position, stop);
      out += afterImport && text.endsWith(char) && text.length > 1 ? quoted(map(text.slice(1, -1))) : text;
      afterImport = false;
      position = stop;
      continue;
    }
    if ((char === "u" || char === "U") && css.slice(position, position + 4).toLowerCase() === "url(" && !IDENTIFIER_CHAR.test(css[position - 1] ?? "")) {
      let inner = position + 4;
      while (/\s/.test(css[inner] ?? "")) inner++;
      let url: string;
      let stop: number;
      if (css[inner] === '"' || css[inner] === "'") {
        const end = stringEnd(css, inner);
        url = css.slice(inner + 1, end - 1);
        stop = css.indexOf(")", end);
      } else {
        stop = css.indexOf(")", inner);
        url = css.slice(inner, stop < 0 ? css.length : stop).trim();
      }
      stop = stop < 0 ? css.length : stop + 1;
      out += `url(${quoted(map(url.replace(/\\(.)/g, "$1")))})`;
      afterImport = false;
      position = stop;
      continue;
    }
    if (char === "@" && css.slice(position, position + 7).toLowerCase() === "@import" && !IDENTIFIER_CHAR.test(css[position + 7] ?? "")) {
      out += css.slice(position, position + 7);
      afterImport = true;
      position += 7;
      continue;
    }
    if (!/\s/.test(char)) afterImport = false;
    out += char;
    position++;
  }
  return out;
}
