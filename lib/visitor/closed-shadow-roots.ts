/**
 * Closed shadow roots are invisible to a recorder (`element.shadowRoot` is null). The base script keeps
 * a reference to each closed root the page attaches after it runs, without opening it (the page's own
 * code still sees `shadowRoot === null`), and hands them to the recorder when a session starts. Roots
 * attached before the base script ran stay unrecorded: the snippet goes before the page's components.
 */
export interface ClosedShadowRoots {
  of: (host: Element) => ShadowRoot | undefined;
}

export function watchClosedShadowRoots(): ClosedShadowRoots {
  const roots = new WeakMap<Element, ShadowRoot>();
  const original = Element.prototype.attachShadow;
  // Defined as the platform's own method is: same name and arity, not enumerable.
  Object.defineProperty(Element.prototype, "attachShadow", {
    configurable: true,
    writable: true,
    value: {
      attachShadow(this: Element, init: ShadowRootInit): ShadowRoot {
        const root = original.call(this, init);
        if (init?.mode === "closed") roots.set(this, root);
        return root;
      },
    }.attachShadow,
  });
  return { of: (host) => roots.get(host) };
}
