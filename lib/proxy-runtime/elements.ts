import { mapCssUrls } from "./css-urls";
import { mapSrcset } from "./srcset";
import type { UrlMapper } from "./url-mapper";

/**
 * Elements scripts create or change: their addresses go to the proxy whichever way they are set: a
 * property (`img.src = …`), `setAttribute`, a style, or markup (`innerHTML`, caught by a
 * MutationObserver before the browser loads what it names).
 */
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href"],
  area: ["href"],
  base: ["href"],
  link: ["href"],
  img: ["src", "srcset"],
  source: ["src", "srcset"],
  script: ["src"],
  iframe: ["src"],
  frame: ["src"],
  embed: ["src"],
  object: ["data"],
  video: ["src", "poster"],
  audio: ["src"],
  track: ["src"],
  input: ["src", "formaction"],
  button: ["formaction"],
  form: ["action"],
  // SVG
  image: ["href", "xlink:href"],
  use: ["href", "xlink:href"],
  feimage: ["href", "xlink:href"],
};

const WATCHED_ATTRIBUTES = [...new Set([...Object.values(URL_ATTRIBUTES).flat(), "style"])];

/** Properties that set an address attribute: interface, property, attribute. */
const URL_PROPERTIES: [string, string, string][] = [
  ["HTMLAnchorElement", "href", "href"],
  ["HTMLAreaElement", "href", "href"],
  ["HTMLBaseElement", "href", "href"],
  ["HTMLLinkElement", "href", "href"],
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

/** Style properties whose values may name an address. */
const URL_STYLE_PROPERTIES = [
  "background",
  "backgroundImage",
  "borderImage",
  "borderImageSource",
  "content",
  "cursor",
  "listStyle",
  "listStyleImage",
  "mask",
  "maskImage",
  "webkitMaskImage",
  "shapeOutside",
];

const mentionsUrl = (css: string) => /url\(|@import/i.test(css);

export function patchElements(mapper: UrlMapper): void {
  const mapCss = (css: string) => (mentionsUrl(css) ? mapCssUrls(css, mapper.proxied) : css);

  /** The value an attribute must hold: its address (or addresses, or style) on the proxy. */
  const mapAttribute = (element: Element, name: string, value: string): string => {
    const attribute = name.toLowerCase();
    if (attribute === "style") return mapCss(value);
    if (!URL_ATTRIBUTES[element.localName.toLowerCase()]?.includes(attribute)) return value;
    return attribute === "srcset" ? mapSrcset(value, mapper.proxied) : mapper.proxied(value);
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

  const fixElement = (element: Element) => {
    for (const attribute of [...(URL_ATTRIBUTES[element.localName.toLowerCase()] ?? []), "style"]) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      const mapped = mapAttribute(element, attribute, value);
      if (mapped !== value) nativeSetAttribute.call(element, attribute, mapped);
    }
    if (element.localName === "style" && element.textContent && mentionsUrl(element.textContent)) {
      const mapped = mapCss(element.textContent);
      if (mapped !== element.textContent) element.textContent = mapped;
    }
  };
  const selector = [...WATCHED_ATTRIBUTES.map((name) => `[${name.replace(":", "\\:")}]`), "style"].join(",");
  const fixTree = (root: Element) => {
    fixElement(root);
    for (const element of root.querySelectorAll(selector)) fixElement(element);
  };

  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") fixElement(record.target as Element);
      else if (record.type === "characterData") {
        const parent = record.target.parentElement;
        if (parent?.localName === "style") fixElement(parent);
      } else {
        for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) fixTree(node as Element);
        if ((record.target as Element).localName === "style") fixElement(record.target as Element);
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: WATCHED_ATTRIBUTES });
}

/** `element.style` and style sheets built by scripts. */
function patchStyles(mapCss: (css: string) => string): void {
  const style = document.documentElement.style;
  const ownerOf = (property: string) => {
    for (let prototype = Object.getPrototypeOf(style); prototype; prototype = Object.getPrototypeOf(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, property);
      if (descriptor) return { prototype: prototype as object, descriptor };
    }
    return null;
  };
  for (const property of ["cssText", ...URL_STYLE_PROPERTIES]) {
    const owner = ownerOf(property);
    const set = owner?.descriptor.set;
    if (!owner || !set) continue;
    Object.defineProperty(owner.prototype, property, {
      ...owner.descriptor,
      set(this: CSSStyleDeclaration, value: unknown) {
        set.call(this, mapCss(String(value)));
      },
    });
  }
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
