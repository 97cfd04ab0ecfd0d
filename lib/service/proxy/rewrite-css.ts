import { string as cssString, tokenize, tokenTypes, url as cssUrl } from "css-tree";
import { proxiedAddress, type RewriteContext } from "./rewrite-url";

/**
 * Rewrites the addresses of a stylesheet (or of a `style` attribute): `url(…)`, `url("…")`, `src("…")`
 * and the string of `@import "…"`, found by css-tree's tokenizer (the CSS Syntax spec's tokens), so
 * that comments, strings that merely look like URLs and everything else stay byte for byte.
 */
export function rewriteCss(css: string, context: RewriteContext): string {
  let out = "";
  let copied = 0;
  // After `@import`, `url(` or `src(` the next string token (skipping whitespace) is an address.
  let stringIsAddress = false;
  tokenize(css, (type, start, end) => {
    const token = css.slice(start, end);
    let replacement: string | null = null;
    if (type === tokenTypes.Url) {
      replacement = cssUrl.encode(proxiedAddress(cssUrl.decode(token), context));
    } else if (type === tokenTypes.String && stringIsAddress) {
      replacement = cssString.encode(proxiedAddress(cssString.decode(token), context));
    }
    if (type !== tokenTypes.WhiteSpace && type !== tokenTypes.Comment) {
      const name = token.toLowerCase();
      stringIsAddress = (type === tokenTypes.AtKeyword && name === "@import") || (type === tokenTypes.Function && (name === "url(" || name === "src("));
    }
    if (replacement !== null) {
      out += css.slice(copied, start) + replacement;
      copied = end;
    }
  });
  return out + css.slice(copied);
}
