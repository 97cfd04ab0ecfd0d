import type { Replayer } from "rrweb";
import { CANVAS_IMAGE_EVENT_TAG, SELECTED_OPTIONS_EVENT_TAG, UNAVAILABLE_FRAME_ATTRIBUTE } from "@/lib/contract/recording-marks";

const PLACEHOLDER_LABEL = encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="24"><text x="160" y="16" text-anchor="middle" font-family="system-ui,sans-serif" font-size="13" fill="#52525b">Content from another site: not shared</text></svg>`,
);

/**
 * CSS added to the replayed page (and each replayed frame) so it looks as the visitor's does:
 * - a frame whose content is not recorded shows a labelled placeholder of its size, not a blank;
 * - a video without `controls` shows none: the replay runs no scripts, and a browser draws native
 *   controls on any media element of a script-less document. Wrapped in `@media all` so that a browser
 *   that does not know the pseudo-element drops that one rule instead of refusing the whole list.
 */
export const REPLAY_STYLE_RULES = [
  `iframe[${UNAVAILABLE_FRAME_ATTRIBUTE}] { background: #f4f4f5 url("data:image/svg+xml,${PLACEHOLDER_LABEL}") center no-repeat !important; outline: 1px dashed #a1a1aa !important; outline-offset: -1px !important; }`,
  "@media all { video:not([controls])::-webkit-media-controls { display: none !important; } }",
  "@media all { video:not([controls])::-webkit-media-controls-start-playback-button { display: none !important; } }",
];

interface CanvasImage {
  id: number;
  url: string;
  width: number;
  height: number;
}

function isCanvasImage(payload: unknown): payload is CanvasImage {
  const image = payload as Partial<CanvasImage> | null;
  return (
    typeof image?.id === "number" &&
    typeof image.url === "string" &&
    /^data:image\/(webp|png|jpeg);base64,/.test(image.url) &&
    Number.isFinite(image.width) &&
    Number.isFinite(image.height)
  );
}

/**
 * Shows the visitor's canvases in the replay as their images arrive (custom events of the recording).
 * A document that runs no scripts, as the replay's, paints a canvas's fallback content instead of its
 * bitmap, laid out as an ordinary element (no intrinsic size): the image goes in the canvas's background,
 * stretched to its box as the bitmap is (the page's background colour stays behind it), and the box
 * takes the size the visitor's canvas has.
 */
export function drawCanvasImages(replayer: Replayer): void {
  replayer.on("custom-event", (event) => {
    const { tag, payload } = (event as { data?: { tag?: unknown; payload?: unknown } }).data ?? {};
    if (tag !== CANVAS_IMAGE_EVENT_TAG || !isCanvasImage(payload)) return;
    const canvas = replayer.getMirror().getNode(payload.id) as HTMLCanvasElement | null;
    if (canvas?.nodeName !== "CANVAS") return;
    canvas.style.setProperty("background-image", `url("${payload.url}")`, "important");
    canvas.style.setProperty("background-size", "100% 100%", "important");
    canvas.style.setProperty("background-repeat", "no-repeat", "important");
    canvas.style.setProperty("box-sizing", "content-box", "important");
    canvas.style.setProperty("width", `${payload.width}px`, "important");
    canvas.style.setProperty("height", `${payload.height}px`, "important");
    const view = canvas.ownerDocument.defaultView;
    if (view && view.getComputedStyle(canvas).display === "inline") canvas.style.setProperty("display", "inline-block", "important");
  });
}

/** Shows every option the visitor's `<select multiple>` has selected (rrweb's input events carry the first only). */
export function showSelectedOptions(replayer: Replayer): void {
  replayer.on("custom-event", (event) => {
    const { tag, payload } = (event as { data?: { tag?: unknown; payload?: { id?: unknown; selected?: unknown } } }).data ?? {};
    if (tag !== SELECTED_OPTIONS_EVENT_TAG || typeof payload?.id !== "number" || !Array.isArray(payload.selected)) return;
    const list = replayer.getMirror().getNode(payload.id) as HTMLSelectElement | null;
    if (list?.nodeName !== "SELECT") return;
    const selected = new Set(payload.selected);
    Array.from(list.options).forEach((option, index) => (option.selected = selected.has(index)));
  });
}

/**
 * rrweb animates each replayed scroll smoothly (about half a second), so the agent saw where the visitor
 * had been. Live, the mirror jumps to where the visitor is now, as rrweb already does when fast-forwarding.
 */
export function followScrollAtOnce(replayer: Replayer): void {
  const internals = replayer as unknown as { applyScroll: (data: unknown, isSync: boolean) => void };
  const applyScroll = internals.applyScroll.bind(replayer);
  internals.applyScroll = (data) => applyScroll(data, true);
}
