import { isMasked } from "./masking";

/**
 * 2D canvases (charts, signatures, maps) reach the agent as images: rrweb's own canvas recording replays
 * by running the page's drawing calls, which needs scripts in the replay (the watch page keeps them off).
 *
 * Budget: a canvas is looked at 4 times a second at most, and only when it may have changed (a drawing
 * call since, or a fresh snapshot); an unchanged image is not sent again. Images are PNG, exact for charts
 * and signatures (flat colours compress well), or WebP at quality 0.8 when the PNG passes 256 kB (photos,
 * maps); scaled down to at most 1 megapixel. A page sends at most 512 kB of images a second (a busy canvas
 * then updates less often). Masked canvases are never read.
 */
export const CANVAS_FRAME_MS = 250;
export const CANVAS_MAX_PIXELS = 1_000_000;
export const CANVAS_BYTES_PER_SECOND = 512 * 1024;
/** Past this, a PNG is sent as a (lossy, much smaller) WebP instead. */
const CANVAS_PNG_MAX_BYTES = 256 * 1024;
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

function encode(canvas: HTMLCanvasElement): string | null {
  const pixels = canvas.width * canvas.height;
  if (pixels === 0) return null;
  let source = canvas;
  if (pixels > CANVAS_MAX_PIXELS) {
    const ratio = Math.sqrt(CANVAS_MAX_PIXELS / pixels);
    source = document.createElement("canvas");
    source.width = Math.max(1, Math.floor(canvas.width * ratio));
    source.height = Math.max(1, Math.floor(canvas.height * ratio));
    source.getContext("2d")?.drawImage(canvas, 0, 0, source.width, source.height);
  }
  try {
    const png = source.toDataURL("image/png");
    return png.length <= CANVAS_PNG_MAX_BYTES ? png : source.toDataURL("image/webp", 0.8);
  } catch {
    return null; // a canvas tainted by another origin's image cannot be read
  }
}

export function captureCanvases(options: { idOf: (canvas: HTMLCanvasElement) => number; maskSelector: string; emit: (image: CanvasImage) => void }) {
  const sent = new WeakMap<HTMLCanvasElement, string>();
  let everything = true;
  const changed = new Set<HTMLCanvasElement>();
  let budget = CANVAS_BYTES_PER_SECOND;
  let budgetSince = Date.now();

  // Drawing calls mark their canvas as changed; the originals are put back when the session ends.
  const prototype = CanvasRenderingContext2D.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = DRAWING_METHODS.filter((name) => typeof prototype[name] === "function").map((name) => [name, prototype[name]] as const);
  for (const [name, original] of originals) {
    prototype[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (this.canvas instanceof HTMLCanvasElement) changed.add(this.canvas);
      return original.apply(this, args);
    };
  }

  const look = () => {
    const now = Date.now();
    if (now - budgetSince >= 1000) {
      budget = CANVAS_BYTES_PER_SECOND;
      budgetSince = now;
    }
    const candidates = everything ? Array.from(document.querySelectorAll("canvas")) : Array.from(changed);
    everything = false;
    changed.clear();
    for (const canvas of candidates) {
      if (!canvas.isConnected || isMasked(canvas, options.maskSelector)) continue;
      const id = options.idOf(canvas);
      if (id <= 0) continue;
      if (budget <= 0) {
        changed.add(canvas); // over budget: next time
        continue;
      }
      const url = encode(canvas);
      if (!url || sent.get(canvas) === url) continue;
      sent.set(canvas, url);
      budget -= url.length;
      options.emit({ id, url, ...boxOf(canvas) });
    }
  };
  const timer = setInterval(look, CANVAS_FRAME_MS);

  return {
    /** The agent's replay was rebuilt: every canvas is sent again. */
    resend() {
      everything = true;
      for (const canvas of Array.from(document.querySelectorAll("canvas"))) sent.delete(canvas);
    },
    stop() {
      clearInterval(timer);
      for (const [name, original] of originals) prototype[name] = original;
    },
  };
}
