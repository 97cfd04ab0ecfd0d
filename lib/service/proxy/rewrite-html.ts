import { escapeAttribute } from "entities";
import { RewritingStream } from "parse5-html-rewriting-stream";
import type { StartTag } from "parse5-sax-parser";
import { parseSrcset, stringifySrcset } from "srcset";
import { addressAttribute, mapAddressList } from "@/lib/contract/proxy-attributes";
import { BodyTooLargeError } from "./body";
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

/** How the page's bytes are read: their charset, and how many the rewriting takes. */
export interface PageBytes {
  decoder: TextDecoder;
  maxBytes: number;
}

/**
 * parse5's rewriter, reading the page's bytes itself (no stage of their own before it), with a last
 * word once the whole page has been read. What the tokens of one chunk of the page give is passed on
 * as one piece: one per token would be a write, a chunk of the chunked answer and a system call each,
 * dozens per page.
 */
class PageRewriter extends RewritingStream {
  beforeEnd: () => void = () => {};
  private batch: string[] | null = null;
  /** A place kept in this chunk's output, to be filled before it leaves. */
  private place: number | null = null;
  private bytesRead = 0;

  constructor(private readonly bytes: PageBytes) {
    super();
  }

  override _transform(chunk: Buffer | string, encoding: string, callback: (error?: Error | null, data?: string) => void): void {
    if (typeof chunk === "string") return super._transform(chunk, encoding, callback);
    this.bytesRead += chunk.length;
    if (this.bytesRead > this.bytes.maxBytes) return callback(new BodyTooLargeError(this.bytes.maxBytes));
    super._transform(this.bytes.decoder.decode(chunk, { stream: true }), encoding, callback);
  }

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
      this.place = null;
      if (text) this.push(text);
    }
    return "";
  }

  /** Keeps a place at this point of this chunk's output (the first one kept holds); false when there is no chunk's output. */
  keepPlace(): boolean {
    if (!this.batch) return false;
    this.place ??= this.batch.length;
    return true;
  }

  /** Whether a place is kept: it is given up when its chunk's output leaves. */
  get placeKept(): boolean {
    return this.place !== null;
  }

  dropPlace(): void {
    this.place = null;
  }

  /** Puts `text` in the place kept, else at this point of the output. */
  emitInPlace(text: string): void {
    if (this.batch && this.place !== null) this.batch.splice(this.place, 0, text);
    else this.emitRaw(text);
    this.place = null;
  }
  override _final(callback: (error?: Error | null) => void): void {
    const rest = this.bytes.decoder.decode();
    if (rest) this._transformChunk(rest);
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
 * Elements whose arrival may run a script of the page: scripts, frames and embedded documents (whose
 * scripts can reach this window), SVG and MathML (scripts and handlers of their own), a declarative
 * shadow root (its content is live), and any element with an event handler or a `javascript:` address.
 */
const SCRIPTING_ELEMENTS = new Set(["script", "iframe", "frame", "frameset", "object", "embed", "svg", "math"]);

function mayRunScript(tag: StartTag): boolean {
  if (SCRIPTING_ELEMENTS.has(tag.tagName)) return true;
  return tag.attrs.some(
    (attr) =>
      attr.name.startsWith("on") ||
      (tag.tagName === "template" && attr.name.startsWith("shadowroot")) ||
      // As browsers read an address: tabs and newlines anywhere and leading spaces or controls do not count.
      /^[\x00-\x20]*javascript:/i.test(attr.value.replace(/[\t\n\r]/g, "")),
  );
}

/** A stylesheet the page's scripts must wait for: `<link rel="stylesheet">`, not an alternate nor a disabled one. */
function isScriptBlockingStylesheet(tag: StartTag): boolean {
  if (tag.tagName !== "link" || attribute(tag, "href") === undefined || attribute(tag, "disabled") !== undefined) return false;
  const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/[\t\n\f\r ]+/);
  return rel.includes("stylesheet") && !rel.includes("alternate");
}

/** What makes the browser fetch a stylesheet link (its rewritten address) as the link itself will ask for it. */
const PRELOAD_ATTRIBUTES = ["href", "media", "crossorigin", "referrerpolicy"];
function preloadOf(link: StartTag): string {
  const attrs = link.attrs.filter((attr) => PRELOAD_ATTRIBUTES.includes(attr.name));
  return `<link rel="preload" as="style"${attrs.map((attr) => ` ${attr.name}="${escapeAttribute(attr.value)}"`).join("")} />`;
}

/**
 * A streaming HTML rewriter (parse5's tokenizer, so the page is read as a browser reads it) that keeps
 * a proxied page's navigation and subresources on the proxy, and puts `injection` (the runtime) just
 * before the first element that may run a script of the page: no script of the page runs before it. A
 * page that has none gets it at its end; in a `<template>` (inert) it never goes. The page comes as
 * bytes (`bytes`: their charset and limit) or as text; what is not rewritten is passed on as it came.
 *
 * A script waits for the stylesheets linked before it, and the runtime is one. When the page's first
 * script is in its head, after stylesheets, the runtime there would run only once they are all in, and
 * the page's parsing would wait for it: it goes before the first of them instead, after a preload of
 * each, so the browser asks for them at once and the runtime runs while they come. (Only within one
 * chunk of the page: the runtime is never held back for the next.) A page whose scripts come in its
 * body keeps it just before the first: the body is parsed while the stylesheets come, and the runtime
 * runs while the page's scripts do.
 */
export function createHtmlRewriter(
  context: RewriteContext,
  injection: string,
  bytes: PageBytes = { decoder: new TextDecoder(), maxBytes: Infinity },
): RewritingStream {
  const rewriter = new PageRewriter(bytes);
  let injected = false;
  let inertTemplates = 0;
  let styleText: string | null = null;
  let preloads: string[] = [];
  let headEnded = false;
  /** The head ended before a script: the runtime keeps to the page's first script. */
  const giveUpPlace = () => {
    headEnded = true;
    rewriter.dropPlace();
  };
  const inject = () => {
    if (injected) return;
    injected = true;
    rewriter.emitInPlace(rewriter.placeKept ? preloads.join("") + injection : injection);
  };

  rewriter.on("startTag", (tag, raw) => {
    const scripting = !injected && inertTemplates === 0 && mayRunScript(tag);
    // Before the root element nothing may stand in XHTML: there the runtime goes just inside it.
    if (tag.tagName === "html") {
      rewriter.emitRaw(raw);
      return scripting ? inject() : undefined;
    }
    if (scripting) inject();
    // A template is inert, and so is every template inside one; a live one (a shadow root) came after the runtime.
    if (tag.tagName === "template" && !tag.selfClosing && (inertTemplates > 0 || !mayRunScript(tag))) inertTemplates += 1;
    if (tag.tagName === "body") giveUpPlace();
    if (!rewriteStartTag(tag, context)) return;
    if (!injected && !headEnded && inertTemplates === 0 && isScriptBlockingStylesheet(tag)) {
      if (!rewriter.placeKept) preloads = []; // a place kept in an earlier chunk was given up with it
      if (rewriter.keepPlace()) preloads.push(preloadOf(tag));
    }
    rewriter.emitStartTag(tag);
    if (tag.tagName === "style" && !tag.selfClosing) styleText = "";
  });
  rewriter.on("endTag", (tag, raw) => {
    if (tag.tagName === "style" && styleText !== null) {
      rewriter.emitRaw(rewriteCss(styleText, context));
      styleText = null;
    }
    if (tag.tagName === "template" && inertTemplates > 0) inertTemplates -= 1;
    if (tag.tagName === "head") giveUpPlace();
    // Inside the root element still, as XHTML needs.
    if ((tag.tagName === "body" || tag.tagName === "html") && inertTemplates === 0) inject();
    rewriter.emitRaw(raw);
  });
  rewriter.on("text", (_text, raw) => {
    if (styleText !== null) styleText += raw;
    else rewriter.emitRaw(raw);
  });
  // A page with no element that may run script, nor an end tag of its body, still gets the runtime.
  rewriter.beforeEnd = inject;
  return rewriter;
}
