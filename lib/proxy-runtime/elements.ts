import { ADDRESS_ATTRIBUTE_NAMES, addressAttribute, addressAttributesOf, mapAddressList } from "@/lib/contract/proxy-attributes";
import { mapCssUrls } from "./css-urls";
import { mapSrcset } from "./srcset";
import type { UrlMapper } from "./url-mapper";

/**
 * Elements scripts create or change: their addresses go to the proxy whichever way they are set: a
 * property (`img.src = …`), `setAttribute`, a style, or markup (`innerHTML` and its kin: the markup is
 * mapped in an inert template first, because the browser starts loading an `<img>` or `<iframe>` of
 * parsed markup before any observer sees it). A MutationObserver catches the rest (an `element.style`
 * property, a `<style>` element's text) before the browser next computes styles. Which attributes hold
 * addresses is the proxy's own table (lib/contract/proxy-attributes.ts), so markup the proxy served and
 * markup a script writes are held alike.
 */
const WATCHED_ATTRIBUTES = [...ADDRESS_ATTRIBUTE_NAMES, "style"];

/** Properties that set an address attribute: interface, property, attribute. */
const URL_PROPERTIES: [string, string, string][] = [
  ["HTMLAnchorElement", "href", "href"],
  ["HTMLAreaElement", "href", "href"],
  ["HTMLBaseElement", "href", "href"],
  ["HTMLLinkElement", "href", "href"],
  ["HTMLLinkElement", "imageSrcset", "imagesrcset"],
  ["HTMLImageElement", "src", "src"],
  ["HTMLImageElement", "srcset", "srcset"],
  ["HTMLSourceElement", "src", "src"],
  ["HTMLSourceElement", "srcset", "srcset"],
  ["HTMLScriptElement", "src", "src"],
  ["HTMLIFrameElement", "src", "src"],
  ["HTMLEmbedElement", "src", "src"],
  ["HTMLObjectElement", "data", "data"],
  ["HTMLMediaElement", "src", "src"],
  ["HTMLVideoElement", "poster", "poster"],
  ["HTMLTrackElement", "src", "src"],
  ["HTMLInputElement", "src", "src"],
  ["HTMLInputElement", "formAction", "formaction"],
  ["HTMLButtonElement", "formAction", "formaction"],
  ["HTMLFormElement", "action", "action"],
];

const mentionsUrl = (css: string) => /url\(|@import/i.test(css);

export function patchElements(mapper: UrlMapper): void {
  const mapCss = (css: string) => (mentionsUrl(css) ? mapCssUrls(css, mapper.proxied) : css);

  /** The value an attribute must hold: its address (or addresses, or style) on the proxy. */
  const mapAttribute = (element: Element, name: string, value: string): string => {
    const attribute = name.toLowerCase();
    if (attribute === "style") return mapCss(value);
    const holds = addressAttribute(element.localName, attribute);
    if (holds === "srcset") return mapSrcset(value, mapper.proxied);
    if (holds === "list") return mapAddressList(value, mapper.proxied);
    return holds === "address" ? mapper.proxied(value) : value;
  };

  const nativeSetAttribute = Element.prototype.setAttribute;
  const nativeSetAttributeNS = Element.prototype.setAttributeNS;
  Element.prototype.setAttribute = function setAttribute(this: Element, name: string, value: string) {
    nativeSetAttribute.call(this, name, mapAttribute(this, String(name), String(value)));
  };
  Element.prototype.setAttributeNS = function setAttributeNS(this: Element, namespace: string | null, name: string, value: string) {
    const localName = String(name).split(":").pop() ?? "";
    const mapped = mapAttribute(this, localName === "href" ? "href" : String(name), String(value));
    nativeSetAttributeNS.call(this, namespace, name, mapped);
  };

  for (const [interfaceName, property, attribute] of URL_PROPERTIES) {
    const prototype = (window as unknown as Record<string, { prototype: object } | undefined>)[interfaceName]?.prototype;
    const descriptor = prototype && Object.getOwnPropertyDescriptor(prototype, property);
    if (!prototype || !descriptor?.set) continue;
    Object.defineProperty(prototype, property, {
      ...descriptor,
      set(this: Element, value: unknown) {
        nativeSetAttribute.call(this, attribute, mapAttribute(this, attribute, String(value)));
      },
    });
  }

  patchStyles(mapCss);

  /** Maps the element's addresses in place; says whether any changed. */
  const fixElement = (element: Element): boolean => {
    let changed = false;
    for (const attribute of [...addressAttributesOf(element.localName), "style"]) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      const mapped = mapAttribute(element, attribute, value);
      if (mapped !== value) nativeSetAttribute.call(element, attribute, mapped);
      changed ||= mapped !== value;
    }
    if (element.localName === "style" && element.textContent && mentionsUrl(element.textContent)) {
      const mapped = mapCss(element.textContent);
      if (mapped !== element.textContent) {
        element.textContent = mapped;
        changed = true;
      }
    }
    return changed;
  };
  const selector = [...WATCHED_ATTRIBUTES.map((name) => `[${name.replace(":", "\\:")}]`), "style", "template"].join(",");
  const fixTree = (root: Element | DocumentFragment): boolean => {
    let changed = root instanceof Element && fixElement(root);
    for (const element of root.querySelectorAll(selector)) {
      changed = (element instanceof HTMLTemplateElement ? fixTree(element.content) : fixElement(element)) || changed;
    }
    return changed;
  };
  patchMarkup(fixTree);

  new MutationObserver((records) => {
    const added = new Set<Element>();
    for (const record of records) {
      if (record.type === "attributes") fixElement(record.target as Element);
      else if (record.type === "characterData") {
        const parent = record.target.parentElement;
        if (parent?.localName === "style") fixElement(parent);
      } else {
        for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) added.add(node as Element);
        if ((record.target as Element).localName === "style") fixElement(record.target as Element);
      }
    }
    // Each added tree once: the parser adds an element and then each of its children, every one a record,
    // and a tree's fixing already covers what is inside it now.
    for (const element of added) {
      let inside = false;
      for (let parent = element.parentElement; parent && !inside; parent = parent.parentElement) inside = added.has(parent);
      if (!inside) fixTree(element);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: WATCHED_ATTRIBUTES });
}

/** Replaces a setter of `prototype[property]`, keeping its getter. */
function wrapSetter<T>(
  prototype: object | undefined,
  property: string,
  wrap: (native: (this: T, value: unknown) => void) => (this: T, value: unknown) => void,
): void {
  const descriptor = prototype && Object.getOwnPropertyDescriptor(prototype, property);
  if (!prototype || !descriptor?.set) return;
  Object.defineProperty(prototype, property, { ...descriptor, set: wrap(descriptor.set as (this: T, value: unknown) => void) });
}

/** Markup scripts insert, mapped before the browser parses it into the page. */
function patchMarkup(fixTree: (root: Element | DocumentFragment) => boolean): void {
  const templateInnerHtml = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
  if (!templateInnerHtml?.set || !templateInnerHtml.get) return;
  const mayNameAddress = new RegExp([...ADDRESS_ATTRIBUTE_NAMES, "url\\(", "@import"].join("|"), "i");
  const mapHtml = (html: unknown): string => {
    const markup = String(html);
    if (!mayNameAddress.test(markup)) return markup;
    // A template's content belongs to an inert document: nothing in it loads.
    const template = document.createElement("template");
    templateInnerHtml.set!.call(template, markup);
    return fixTree(template.content) ? (templateInnerHtml.get!.call(template) as string) : markup;
  };
  for (const prototype of [Element.prototype, ShadowRoot.prototype]) {
    wrapSetter<Element>(
      prototype,
      "innerHTML",
      (native) =>
        function (this: Element, value) {
          native.call(this, this instanceof HTMLTemplateElement ? value : mapHtml(value));
        },
    );
  }
  wrapSetter<Element>(
    Element.prototype,
    "outerHTML",
    (native) =>
      function (this: Element, value) {
        native.call(this, mapHtml(value));
      },
  );
  const nativeInsertAdjacentHTML = Element.prototype.insertAdjacentHTML;
  Element.prototype.insertAdjacentHTML = function insertAdjacentHTML(this: Element, position: InsertPosition, html: string) {
    nativeInsertAdjacentHTML.call(this, position, mapHtml(html));
  };
  const nativeContextualFragment = Range.prototype.createContextualFragment;
  Range.prototype.createContextualFragment = function createContextualFragment(this: Range, html: string) {
    return nativeContextualFragment.call(this, mapHtml(html));
  };
  for (const prototype of [Element.prototype, ShadowRoot.prototype] as { setHTMLUnsafe?: (html: string) => void }[]) {
    const native = prototype.setHTMLUnsafe;
    if (native) {
      prototype.setHTMLUnsafe = function setHTMLUnsafe(this: unknown, html: string) {
        native.call(this, mapHtml(html));
      };
    }
  }
  // A parsed document is inert until its nodes move into the page, where they would load at once.
  const nativeParse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function parseFromString(this: DOMParser, markup: string, type: DOMParserSupportedType) {
    const parsed = nativeParse.call(this, markup, type);
    if (type === "text/html" && parsed.documentElement) fixTree(parsed.documentElement);
    return parsed;
  };
}

/** `element.style` and style sheets built by scripts. */
function patchStyles(mapCss: (css: string) => string): void {
  wrapSetter<CSSStyleDeclaration>(
    CSSStyleDeclaration.prototype,
    "cssText",
    (native) =>
      function (this: CSSStyleDeclaration, value) {
        native.call(this, mapCss(String(value)));
      },
  );
  const nativeSetProperty = CSSStyleDeclaration.prototype.setProperty;
  CSSStyleDeclaration.prototype.setProperty = function setProperty(this: CSSStyleDeclaration, name: string, value: string | null, priority?: string) {
    nativeSetProperty.call(this, name, value === null ? value : mapCss(String(value)), priority);
  };
  const sheet = CSSStyleSheet.prototype;
  const nativeInsertRule = sheet.insertRule;
  sheet.insertRule = function insertRule(this: CSSStyleSheet, rule: string, index?: number) {
    return nativeInsertRule.call(this, mapCss(String(rule)), index);
  };
  if (sheet.replace) {
    const nativeReplace = sheet.replace;
    sheet.replace = function replace(this: CSSStyleSheet, text: string) {
      return nativeReplace.call(this, mapCss(String(text)));
    };
  }
  if (sheet.replaceSync) {
    const nativeReplaceSync = sheet.replaceSync;
    sheet.replaceSync = function replaceSync(this: CSSStyleSheet, text: string) {
      nativeReplaceSync.call(this, mapCss(String(text)));
    };
  }
}
