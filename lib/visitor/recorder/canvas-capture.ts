import { isMasked } from "./masking";
import { watchWebGlFrames } from "./webgl-frames";

/**
 * 2D canvases (charts, signatures, maps) reach the agent as images: rrweb's own canvas recording replays
 * by running the page's drawing calls, which needs scripts in the replay (the watch page keeps them off).
 *
 * When: a drawing call marks its canvas changed, and the canvas is read once the task that drew ends
 * (a chart's redraw is many calls in one task), so a change leaves at once; a fresh snapshot reads
 * every canvas. An unchanged image is not sent again.
 *
 * Budget: images are paced by their bytes, at most 512 kB a second for the page: after an image of
 * n bytes the next one waits n / 512 kB seconds (a busy canvas then updates less often; a large one
 * takes longer to follow), and none follows the one before within 50 ms.
 *
 * Format: a small PNG as it is (charts, signatures: flat colours, fast to encode); past 64 kB, lossless
 * WebP, also exact, and for text and drawings far smaller than PNG; WebP at quality 0.8 when that still
 * passes 256 kB (photos, maps). A canvas keeps the format it needed last, so it is mostly encoded once
 * per image. Scaled down to at most 1 megapixel; encoded by `toBlob`, off
 * the main thread. Masked canvases are never read, nor those marked `data-tandem-canvas="off"` (a page's
 * heaviest canvases: the agent sees them blank).
 *
 * WebGL canvases go the same way, from a copy of their last frame (webgl-frames.ts).
 */
export const CANVAS_MAX_PIXELS = 1_000_000;
export const CANVAS_BYTES_PER_SECOND = 512 * 1024;
/** The shortest gap between two images: the recorder sends a batch every 50 ms at most anyway. */
export const CANVAS_MIN_GAP_MS = 50;
/** Past this, a PNG is tried as lossless WebP. */
const CANVAS_PNG_MAX_BYTES = 64 * 1024;
/** Past this, a lossless image is sent as a lossy WebP (quality 0.8) instead. */
const CANVAS_EXACT_MAX_BYTES = 256 * 1024;
/** `data-tandem-canvas="off"`: the page keeps this canvas to itself (a heavy scene or video). */
export const CANVAS_OFF_ATTRIBUTE = "data-tandem-canvas";
const turnedOff = (canvas: HTMLCanvasElement) => canvas.getAttribute(CANVAS_OFF_ATTRIBUTE) === "off";
/** A canvas whose node the agent's mirror does not have yet is looked at again this much later. */
const NOT_IN_MIRROR_RETRY_MS = 100;

export interface CanvasImage {
  id: number;
  /** A data: URL of the image. */
  url: string;
  /** The canvas's box on the page (CSS pixels, content box): the replay lays it out at this size. */
  width: number;
  height: number;
}

/** The content box a canvas takes on the page, which its bitmap fills. */
function boxOf(canvas: HTMLCanvasElement): { width: number; height: number } {
  const style = getComputedStyle(canvas);
  const box = canvas.getBoundingClientRect();
  const sum = (sides: string[]) => sides.reduce((total, side) => total + (parseFloat(style.getPropertyValue(side)) || 0), 0);
  const horizontal = sum(["padding-left", "padding-right", "border-left-width", "border-right-width"]);
  const vertical = sum(["padding-top", "padding-bottom", "border-top-width", "border-bottom-width"]);
  return { width: Math.max(0, box.width - horizontal), height: Math.max(0, box.height - vertical) };
}

const DRAWING_METHODS = ["clearRect", "fillRect", "strokeRect", "fill", "stroke", "fillText", "strokeText", "drawImage", "putImageData", "reset"] as const;

/** The canvas's bitmap as it is now, at most CANVAS_MAX_PIXELS (a copy then, read at once). */
function bitmapOf(canvas: HTMLCanvasElement): HTMLCanvasElement | null {
  const pixels = canvas.width * canvas.height;
  if (pixels === 0) return null;
  if (pixels <= CANVAS_MAX_PIXELS) return canvas;
  const ratio = Math.sqrt(CANVAS_MAX_PIXELS / pixels);
  const scaled = document.createElement("canvas");
  scaled.width = Math.max(1, Math.floor(canvas.width * ratio));
  scaled.height = Math.max(1, Math.floor(canvas.height * ratio));
  scaled.getContext("2d")?.drawImage(canvas, 0, 0, scaled.width, scaled.height);
  return scaled;
}

/** The formats a canvas's image may take, smallest first for text and drawings; WebP at quality 1 is lossless. */
const FORMATS = [
  { type: "image/png", quality: undefined, maxBytes: CANVAS_PNG_MAX_BYTES },
  { type: "image/webp", quality: 1, maxBytes: CANVAS_EXACT_MAX_BYTES },
  { type: "image/webp", quality: 0.8, maxBytes: Infinity },
];

/** `toBlob` takes the bitmap when called and encodes it on another thread. */
function encode(source: HTMLCanvasElement, format: (typeof FORMATS)[number]): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      source.toBlob(resolve, format.type, format.quality);
    } catch {
      resolve(null); // a canvas tainted by another origin's image cannot be read
    }
  });
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The canvas's image now, in the first format, from the one it needed last (`formats`, updated), whose
 * image fits.
 */
async function imageOf(canvas: HTMLCanvasElement, source: HTMLCanvasElement | null, formats: WeakMap<HTMLCanvasElement, number>): Promise<string | null> {
  if (!source) return null;
  for (let index = formats.get(canvas) ?? 0; index < FORMATS.length; index++) {
    const blob = await encode(source, FORMATS[index]);
    if (!blob) return null;
    if (blob.size > FORMATS[index].maxBytes && index < FORMATS.length - 1) continue;
    formats.set(canvas, index);
    return dataUrl(blob);
  }
  return null;
}

export function captureCanvases(options: {
  idOf: (canvas: HTMLCanvasElement) => number;
  /** Whether the agent's mirror has the canvas's node (it may be in a part of the snapshot still to come). */
  inMirror: (id: number) => boolean;
  maskSelector: string;
  emit: (image: CanvasImage) => void;
}) {
  const sent = new WeakMap<HTMLCanvasElement, string>();
  const formats = new WeakMap<HTMLCanvasElement, number>();
  const changed = new Set<HTMLCanvasElement>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let encoding = false;
  /** When the pace lets the next image leave (Date.now()). */
  let nextAt = 0;

  const lookAt = (at: number) => {
    if (timer || encoding || stopped) return;
    timer = setTimeout(look, Math.max(0, at - Date.now()));
  };

  // Drawing calls mark their canvas as changed; the originals are put back when the session ends.
  const prototype = CanvasRenderingContext2D.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = DRAWING_METHODS.filter((name) => typeof prototype[name] === "function").map((name) => [name, prototype[name]] as const);
  for (const [name, original] of originals) {
    prototype[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (this.canvas instanceof HTMLCanvasElement) {
        changed.add(this.canvas);
        lookAt(nextAt);
      }
      return original.apply(this, args);
    };
  }

  const readable = (canvas: HTMLCanvasElement) => canvas.isConnected && !turnedOff(canvas) && !isMasked(canvas, options.maskSelector);
  const webgl = watchWebGlFrames({
    wanted: (canvas) => !stopped && readable(canvas),
    maxPixels: CANVAS_MAX_PIXELS,
    onFrame(canvas) {
      changed.add(canvas);
      lookAt(nextAt);
    },
  });

  /** One canvas that may have changed, read and sent; the others wait for the pace. */
  const look = () => {
    timer = undefined;
    if (stopped || Date.now() < nextAt) return lookAt(nextAt);
    let waiting = false;
    for (const canvas of Array.from(changed)) {
      changed.delete(canvas);
      if (!readable(canvas)) continue;
      const id = options.idOf(canvas);
      if (id <= 0 || !options.inMirror(id)) {
        waiting = true;
        changed.add(canvas);
        continue;
      }
      encoding = true;
      void imageOf(canvas, webgl.frameOf(canvas) ?? bitmapOf(canvas), formats)
        .catch(() => null)
        .then((url) => {
          encoding = false;
          if (url && !stopped && sent.get(canvas) !== url && canvas.isConnected) {
            sent.set(canvas, url);
            nextAt = Date.now() + Math.max(CANVAS_MIN_GAP_MS, (url.length / CANVAS_BYTES_PER_SECOND) * 1000);
            options.emit({ id: options.idOf(canvas), url, ...boxOf(canvas) });
          }
          if (changed.size) lookAt(nextAt);
        });
      return;
    }
    if (waiting) lookAt(Date.now() + NOT_IN_MIRROR_RETRY_MS);
  };

  /** Every canvas of the page, to be read (again). */
  const everything = () => {
    for (const canvas of Array.from(document.querySelectorAll("canvas"))) changed.add(canvas);
    lookAt(nextAt);
  };
  everything();

  return {
    /** The agent's replay was rebuilt: every canvas is sent again. */
    resend() {
      for (const canvas of Array.from(document.querySelectorAll("canvas"))) sent.delete(canvas);
      everything();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const [name, original] of originals) prototype[name] = original;
      webgl.stop();
    },
  };
}
