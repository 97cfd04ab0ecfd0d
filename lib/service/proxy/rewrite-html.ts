import { RewritingStream } from "parse5-html-rewriting-stream";
import type { StartTag } from "parse5-sax-parser";
import { parseSrcset, stringifySrcset } from "srcset";
import { addressAttribute, mapAddressList } from "@/lib/contract/proxy-attributes";
import { rewriteCss } from "./rewrite-css";
import { proxiedAddress, type RewriteContext } from "./rewrite-url";

/** `<meta http-equiv="refresh" content="5; url=…">`: the address after the delay, parsed as the HTML spec does. */
function rewriteRefresh(content: string, context: RewriteContext): string {
  const separator = [content.indexOf(";"), content.indexOf(",")].filter((index) => index >= 0).sort((a, b) => a - b)[0];
  if (separator === undefined) return content;
  let rest = content.slice(separator + 1).trimStart();
  if (rest.slice(0, 3).toLowerCase() === "url") {
    const afterName = rest.slice(3).trimStart();
    if (afterName.startsWith("=")) rest = afterName.slice(1).trimStart();
  }
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : "";
  const address = quote ? rest.slice(1, rest.indexOf(quote, 1) === -1 ? undefined : rest.indexOf(quote, 1)) : rest;
  return `${content.slice(0, separator)}; url=${proxiedAddress(address, context)}`;
}

function rewriteSrcset(value: string, context: RewriteContext): string {
  try {
    return stringifySrcset(parseSrcset(value).map((candidate) => ({ ...candidate, url: proxiedAddress(candidate.url, context) })));
  } catch {
    return ""; // a srcset the browser could not use either: drop it rather than let an address through unproxied
  }
}

/**
 * parse5's rewriter, with a last word once the whole page has been read. What the tokens of one chunk
 * of the page give is passed on as one piece: one per token would be a write, a chunk of the chunked
 * answer and a system call each, dozens per page.
 */
class PageRewriter extends RewritingStream {
  beforeEnd: () => void = () => {};
  private batch: string[] | null = null;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (this.batch && typeof chunk === "string") {
      this.batch.push(chunk);
      return true;
    }
    return super.push(chunk, encoding);
  }

  override _transformChunk(chunk: string): string {
    this.batch = [];
    try {
      super._transformChunk(chunk);
    } finally {
      const text = this.batch.join("");
      this.batch = null;
      if (text) this.push(text);
    }
    return "";
  }
  override _final(callback: (error?: Error | null) => void): void {
    super._final((error?: Error | null) => {
      if (!error) this.beforeEnd();
      callback(error);
    });
  }
}

function attribute(tag: StartTag, name: string): string | undefined {
  return tag.attrs.find((attr) => attr.name === name)?.value;
}

/** Rewrites a start tag's addresses in place; false when the tag must be left out of the page. */
function rewriteStartTag(tag: StartTag, context: RewriteContext): boolean {
  const element = tag.tagName;
  if (element === "meta") {
    const equiv = attribute(tag, "http-equiv")?.toLowerCase();
    // The origin's policy names the origin's hosts, which never match the proxy's: the proxy sets its own.
    if (equiv === "content-security-policy" || equiv === "content-security-policy-report-only") return false;
    if (equiv === "refresh") {
      for (const attr of tag.attrs) if (attr.name === "content") attr.value = rewriteRefresh(attr.value, context);
    }
    return true;
  }
  if (element === "base") {
    const href = attribute(tag, "href");
    const base = href === undefined ? null : URL.parse(href, context.base);
    if (base) context.base = base;
  }
  // Subresource integrity would fail on a rewritten body, and the proxy is what fetched it anyway.
  tag.attrs = tag.attrs.filter((attr) => attr.name !== "integrity");
  for (const attr of tag.attrs) {
    const holds = addressAttribute(element, attr.name);
    if (holds === "address") attr.value = proxiedAddress(attr.value, context);
    else if (holds === "srcset") attr.value = rewriteSrcset(attr.value, context);
    else if (holds === "list") attr.value = mapAddressList(attr.value, (address) => proxiedAddress(address, context));
    else if (attr.name === "style") attr.value = rewriteCss(attr.value, context);
  }
  return true;
}

/**
 * A streaming HTML rewriter (parse5's tokenizer, so the page is read as a browser reads it) that keeps
 * a proxied page's navigation and subresources on the proxy, and puts `injection` first in `<head>`
 * (creating a `<head>` when the page has none). Text arrives as strings; the page's bytes are otherwise
 * passed on as they came.
 */
export function createHtmlRewriter(context: RewriteContext, injection: string): RewritingStream {
  const rewriter = new PageRewriter();
  let injected = false;
  let styleText: string | null = null;
  const injectBefore = () => {
    if (injected) return;
    injected = true;
    rewriter.emitRaw(`<head>${injection}</head>`);
  };

  rewriter.on("startTag", (tag, raw) => {
    if (tag.tagName === "html") return rewriter.emitRaw(raw);
    if (tag.tagName === "head" && !injected) {
      rewriter.emitRaw(raw);
      injected = true;
      return rewriter.emitRaw(injection);
    }
    injectBefore();
    if (!rewriteStartTag(tag, context)) return;
    rewriter.emitStartTag(tag);
    if (tag.tagName === "style" && !tag.selfClosing) styleText = "";
  });
  rewriter.on("endTag", (tag, raw) => {
    if (tag.tagName === "style" && styleText !== null) {
      rewriter.emitRaw(rewriteCss(styleText, context));
      styleText = null;
    }
    rewriter.emitRaw(raw);
  });
  rewriter.on("text", (text, raw) => {
    if (styleText !== null) styleText += raw;
    else {
      if (!injected && raw.trim() !== "") injectBefore();
      rewriter.emitRaw(raw);
    }
  });
  // A page with nothing but a doctype or comments still gets the runtime.
  rewriter.beforeEnd = injectBefore;
  return rewriter;
}
