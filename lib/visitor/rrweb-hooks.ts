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
