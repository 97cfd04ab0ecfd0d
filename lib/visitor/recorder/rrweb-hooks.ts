/**
 * What the recorder tells its bundled copy of rrweb beyond rrweb's options. scripts/build-visitor-script.ts
 * rewrites rrweb's source to call these: rrweb reads shadow roots through the platform's own getter
 * (null for a closed root), and takes any frame's rrweb message that names its own origin.
 */
let closedShadowRoot: (host: Element) => ShadowRoot | undefined = () => undefined;
let frameMessageFilter: (event: MessageEvent) => boolean = () => false;

export function setRrwebHooks(hooks: { closedShadowRoot: typeof closedShadowRoot; acceptFrameMessage: typeof frameMessageFilter }): void {
  closedShadowRoot = hooks.closedShadowRoot;
  frameMessageFilter = hooks.acceptFrameMessage;
}

/** rrweb's shadow root of an element: the open one, else the closed one the base script kept. */
export function shadowRootOf(host: Node, open: ShadowRoot | null): ShadowRoot | null {
  return open ?? (host.nodeType === 1 ? (closedShadowRoot(host as Element) ?? null) : null);
}

/** Whether rrweb may take a frame's message into this page's recording. */
export function acceptFrameMessage(event: MessageEvent): boolean {
  return frameMessageFilter(event);
}

/** Input types whose `value` is what the visitor typed (the others' value is their attribute). */
const TYPED_VALUE = /^(text|search|email|url|tel|number|password|date|datetime-local|month|week|time|color|range)$/;

/**
 * rrweb's serialised attributes of a form control, made to say its live state: rrweb starts from the
 * HTML attributes and overrides them only with a non-empty value or a checked box, so a box the visitor
 * unchecked, a radio they moved off, or a field they emptied showed the page's defaults in the mirror.
 * Only empties and unchecks: a value that is there went through rrweb's masking already.
 */
export function liveFormState(control: Element, tagName: string, attributes: Record<string, unknown>): void {
  const input = control as HTMLInputElement;
  if (tagName === "input" && (input.type === "checkbox" || input.type === "radio")) {
    if (!input.checked) delete attributes.checked;
  } else if ((tagName === "textarea" || (tagName === "input" && TYPED_VALUE.test(input.type))) && input.value === "") {
    attributes.value = "";
  }
}
