/**
 * WebGL canvases (3D scenes, vector maps) as 2D ones reach the agent: as images. A WebGL canvas can be
 * read only in the task that drew it: once the browser has shown the frame, its drawing buffer is
 * cleared (unless the page asked to preserve it), and every later read gives a blank image. So frames
 * drawn during the session are copied, at the end of the task that drew them (a microtask after the
 * page's drawing code), into a 2D canvas of at most `maxPixels`, which the canvas capture encodes when
 * its pace allows: the last frame a map drew before going idle is there, whenever that is.
 *
 * A copy costs the page's main thread (a read of the GPU's frame; without a GPU, 5 ms for 640 × 400
 * here: bench/webgl-mirror.ts). Copies are paced by that time: at most COPY_MS_PER_SECOND of it a
 * second, so a scene drawn 60 times a second is copied as often as that allows, every frame where
 * copies are cheap. A frame drawn before the session started cannot be read: such a canvas appears
 * with its next frame.
 */

const DRAWING_METHODS = ["clear", "drawArrays", "drawElements", "drawArraysInstanced", "drawElementsInstanced", "drawRangeElements", "blitFramebuffer"];

type Context = WebGLRenderingContext | WebGL2RenderingContext;

/** The main-thread time copies may take, per second (5 % of it); a burst may spend one second's worth. */
export const COPY_MS_PER_SECOND = 50;

export function watchWebGlFrames(options: {
  /** Whether this canvas's frames are wanted now (not masked, not turned off, still on the page). */
  wanted: (canvas: HTMLCanvasElement) => boolean;
  maxPixels: number;
  /** A frame of the canvas was copied: `frameOf` gives it. */
  onFrame: (canvas: HTMLCanvasElement) => void;
}) {
  const copies = new WeakMap<HTMLCanvasElement, HTMLCanvasElement>();
  const drawn = new Set<HTMLCanvasElement>();
  let stopped = false;
  /** Copy time (ms) the pace allows now: it refills at COPY_MS_PER_SECOND. */
  let credit = COPY_MS_PER_SECOND;
  let creditAt = performance.now();

  const copy = (canvas: HTMLCanvasElement) => {
    if (stopped || !options.wanted(canvas) || canvas.width === 0 || canvas.height === 0) return;
    const now = performance.now();
    credit = Math.min(COPY_MS_PER_SECOND, credit + ((now - creditAt) * COPY_MS_PER_SECOND) / 1000);
    creditAt = now;
    if (credit <= 0) return;
    const ratio = Math.min(1, Math.sqrt(options.maxPixels / (canvas.width * canvas.height)));
    const frame = copies.get(canvas) ?? document.createElement("canvas");
    const width = Math.max(1, Math.floor(canvas.width * ratio));
    const height = Math.max(1, Math.floor(canvas.height * ratio));
    if (frame.width !== width || frame.height !== height) [frame.width, frame.height] = [width, height];
    const context = frame.getContext("2d");
    if (!context) return;
    context.clearRect(0, 0, width, height);
    context.drawImage(canvas, 0, 0, width, height);
    credit -= performance.now() - now;
    copies.set(canvas, frame);
    options.onFrame(canvas);
  };
  const endOfTask = () => {
    for (const canvas of Array.from(drawn)) copy(canvas);
    drawn.clear();
  };

  const patched: [Record<string, unknown>, string, unknown][] = [];
  for (const kind of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    const prototype = kind?.prototype as unknown as Record<string, (...args: unknown[]) => unknown> | undefined;
    if (!prototype) continue;
    for (const name of DRAWING_METHODS) {
      const original = prototype[name];
      if (typeof original !== "function") continue;
      patched.push([prototype, name, original]);
      prototype[name] = function (this: Context, ...args: unknown[]) {
        const result = original.apply(this, args);
        const canvas = this.canvas;
        if (!stopped && canvas instanceof HTMLCanvasElement) {
          if (drawn.size === 0) queueMicrotask(endOfTask);
          drawn.add(canvas);
        }
        return result;
      };
    }
  }

  return {
    /** The canvas's last frame copied, or null when it drew none during the session. */
    frameOf: (canvas: HTMLCanvasElement) => copies.get(canvas) ?? null,
    /** Whether the canvas is drawn with WebGL (its 2D reads would be blank). */
    isWebGl: (canvas: HTMLCanvasElement) => copies.has(canvas),
    stop() {
      stopped = true;
      for (const [prototype, name, original] of patched) prototype[name] = original;
    },
  };
}
