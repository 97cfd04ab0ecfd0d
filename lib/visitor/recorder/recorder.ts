/**
 * cobrowse-recorder.js: loaded by cobrowse.js only when a session starts. Records the page with rrweb,
 * masked in the browser, and sends it in numbered batches; applies the agents' tools.
 */
import { record } from "rrweb";
import type { RecordedEvent } from "@/lib/contract";
import {
  CANVAS_IMAGE_EVENT_TAG,
  FOCUS_EVENT_TAG,
  HOVER_EVENT_TAG,
  SELECTED_OPTIONS_EVENT_TAG,
  SNAPSHOT_SLICES_EVENT_TAG,
} from "@/lib/contract/recording-marks";
import { captureCanvases } from "./canvas-capture";
import { applyControl } from "../control/control";
import { createControlQueue } from "../control/control-queue";
import { createDrawing } from "../control/drawing";
import { markFocus } from "./focus-marks";
import { markHover } from "./hover-marks";
import { createFontInliner } from "./font-inliner";
import { BLOCK_CLASS, blockSelector, maskValue } from "./masking";
import { outgoingEvent } from "./outgoing-events";
import { createPointer } from "../control/pointer";
import { markSelectedOptions } from "./selected-options";
import { createSlicer, type SerializedNode } from "./sliced-snapshot";
import { RECORDER_GLOBAL, type RecorderModule, type RecorderOptions, type Recording } from "../bundles/recorder-api";
import { setRrwebHooks } from "./rrweb-hooks";
import { CUSTOM, FULL_SNAPSHOT, INCREMENTAL, MUTATION, SCROLL } from "./rrweb-numbers";

/** Batches leave at least this often while events flow. */
const FLUSH_MS = 50;
/** A stylesheet with @font-face arrived: look for new fonts this long after, once for a burst. */
const FONT_CHECK_MS = 200;
/** Waits before sending a batch again after a network failure or a 5xx: the last one again and again, or the service's Retry-After. */
const RETRY_MS = [100, 250, 500, 1000, 2000];
/**
 * Events kept while a batch waits to be taken (the service briefly unavailable). Past this, they are
 * dropped and, once the service takes the batch, a fresh snapshot shows the page as it is then.
 */
const MAX_QUEUED_EVENTS = 3000;

function start(options: RecorderOptions): Recording {
  const selector = blockSelector(options.maskingSelectors);
  const pointer = createPointer();
  const drawing = createDrawing();
  let queue: RecordedEvent[] = [];
  let seq = 0;
  let inFlight = false;
  /** Events were dropped while a batch waited: a fresh snapshot follows it. */
  let dropped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Batches before this one were sent before the latest snapshot: a gap they report is already mended. */
  let snapshotBatch = 1;
  const fonts = createFontInliner();
  let fontCheck: ReturnType<typeof setTimeout> | undefined;
  let stopRecording: (() => void) | undefined;
  let canvases: ReturnType<typeof captureCanvases> | null = null;
  let focus: ReturnType<typeof markFocus> | null = null;
  let hover: ReturnType<typeof markHover> | null = null;
  let stopSelectedOptions: (() => void) | undefined;
  const controls = createControlQueue((message) =>
    applyControl(message, {
      nodeOf: (id) => record.mirror.getNode(id),
      maskSelector: selector,
      pointer,
      drawing,
      intoFrame: (iframe, inner) => options.frames?.control(iframe, inner) ?? false,
    }),
  );

  const schedule = () => {
    if (inFlight && queue.length > MAX_QUEUED_EVENTS) {
      queue = [];
      dropped = true;
    }
    if (!timer && !stopped) timer = setTimeout(flush, FLUSH_MS);
  };
  const outgoing = {
    nodeOf: (id: number) => record.mirror.getNode(id),
    maskSelector: selector,
    redactUrl: options.redactUrl,
    rewriteCss: (css: string, live: boolean) => rewriteCss(css, live),
    isJoinedFrame: (iframe: HTMLIFrameElement) => options.frames?.isJoined(iframe) ?? false,
  };
  setRrwebHooks({ closedShadowRoot: options.closedShadowRoot, acceptFrameMessage: (event) => options.frames?.accepts(event) ?? false });
  // A joined frame's recording goes to its page through rrweb, in one piece: slices it sent on its own
  // would never reach the page.
  const slicer = options.postToParent
    ? null
    : createSlicer({
        idOf: (node) => record.mirror.getId(node),
        emitAdds(adds) {
          const event = { type: INCREMENTAL, timestamp: Date.now(), data: { source: MUTATION, adds, removes: [], texts: [], attributes: [] } };
          queue.push(outgoingEvent(event, outgoing));
          schedule();
        },
        emitPending(pending) {
          queue.push({ type: CUSTOM, timestamp: Date.now(), data: { tag: SNAPSHOT_SLICES_EVENT_TAG, payload: { pending } } });
          schedule();
        },
        emitScrolls(ids) {
          for (const id of ids) {
            const pane = record.mirror.getNode(id);
            if (!(pane instanceof Element) || !pane.isConnected) continue;
            const event = { type: INCREMENTAL, timestamp: Date.now(), data: { source: SCROLL, id, x: pane.scrollLeft, y: pane.scrollTop } };
            queue.push(outgoingEvent(event, outgoing));
          }
          schedule();
        },
      });
  const sliced = (take: () => void) => (slicer ? slicer.snapshot(take) : take());
  const takeSnapshot = () => {
    // Before rrweb starts there is nothing to refresh: its start takes the first snapshot.
    if (!stopRecording || stopped) return;
    snapshotBatch = seq + 1;
    sliced(() => record.takeFullSnapshot(true));
    canvases?.resend();
    focus?.resend();
    hover?.resend();
    options.frames?.onSnapshot();
  };
  const settled = () => {
    inFlight = false;
    if (dropped) {
      dropped = false;
      takeSnapshot();
    }
    if (queue.length) schedule();
  };
  const deliver = (batch: { seq: number; events: RecordedEvent[] }, attempt: number) => {
    options.send!(batch)
      .then((answer) => {
        if (answer.snapshot && batch.seq >= snapshotBatch) takeSnapshot();
        settled();
      })
      .catch((error: { status?: number; code?: string; name?: string; retryAfterSeconds?: number | null }) => {
        // The service keeps no more of this page without a fresh snapshot: send one (once per refusal
        // of a batch sent after the latest snapshot).
        if (error.code === "snapshot_required") {
          if (batch.seq >= snapshotBatch) takeSnapshot();
          return settled();
        }
        if (error.status === 409 || error.status === 404 || error.status === 403) {
          options.onFatal?.();
          return settled();
        }
        // The network failed, an app node went away or the service is briefly unavailable: the same batch
        // again until it is taken (the service takes a batch once), so the agent misses nothing.
        const transient = error.status === undefined ? error.name === "TypeError" : error.status >= 500 || error.status === 429;
        const wait = error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
        if (transient && !stopped) return void setTimeout(() => deliver(batch, attempt + 1), wait);
        settled();
      });
  };
  const flush = () => {
    timer = undefined;
    if (inFlight || queue.length === 0 || stopped) return;
    const batch = { seq: ++seq, events: queue };
    queue = [];
    inFlight = true;
    deliver(batch, 0);
  };

  /** Fonts declared after the session started (a stylesheet added later): inlined, then a fresh snapshot carries them. */
  const checkFontsSoon = () => {
    clearTimeout(fontCheck);
    fontCheck = setTimeout(() => void fonts.prepare().then((inlined) => inlined && takeSnapshot()), FONT_CHECK_MS);
  };
  const rewriteCss = (css: string, live: boolean) => {
    if (live && css.includes("@font-face")) checkFontsSoon();
    return fonts.rewrite(css);
  };

  const begin = () => {
    if (stopped) return;
    sliced(() => {
      stopRecording = record<RecordedEvent>({
        emit(event) {
          const data = event.data as { node: SerializedNode; source?: number };
          if (event.type === FULL_SNAPSHOT) slicer?.snapshotSent(data.node);
          if (event.type === INCREMENTAL && data.source === MUTATION)
            slicer?.mutationSent(event.data as Parameters<NonNullable<typeof slicer>["mutationSent"]>[0]);
          queue.push(event);
          schedule();
        },
        // Masking runs here, before an event leaves: in a frame, before it is posted to the page.
        plugins: [{ name: "tandem/outgoing", options: {}, eventProcessor: (event) => outgoingEvent(event as RecordedEvent, outgoing) }],
        // A page takes its joined frames' recordings (frame-host.ts decides which); a joined frame posts its own.
        recordCrossOriginIframes: true,
        ...(options.postToParent ? { postToParent: options.postToParent } : {}),
        blockClass: BLOCK_CLASS,
        blockSelector: selector,
        maskInputOptions: { password: true },
        maskInputFn: maskValue,
        // Every input event, not only `change`: the agent sees the visitor type as they type.
        sampling: { mousemove: 50, scroll: 50, input: "all" },
        recordCanvas: false,
        collectFonts: false,
        inlineImages: false,
        slimDOMOptions: { script: true, comment: true, headFavicon: true, headMetaSocial: true, headMetaRobots: true, headMetaVerification: true },
      } as Parameters<typeof record<RecordedEvent>>[0]);
      canvases = options.canvasCapture
        ? captureCanvases({
            idOf: (canvas) => record.mirror.getId(canvas),
            // A canvas in a part of the snapshot still to come: its image would find nothing to draw on.
            inMirror: (id) => slicer?.has(id) ?? true,
            maskSelector: selector,
            emit: (image) => record.addCustomEvent(CANVAS_IMAGE_EVENT_TAG, image),
          })
        : null;
      hover = markHover({ idOf: (node) => record.mirror.getId(node), emit: (mark) => record.addCustomEvent(HOVER_EVENT_TAG, mark) });
      focus = markFocus({ idOf: (node) => record.mirror.getId(node), maskSelector: selector, emit: (mark) => record.addCustomEvent(FOCUS_EVENT_TAG, mark) });
      stopSelectedOptions = markSelectedOptions({
        idOf: (node) => record.mirror.getId(node),
        maskSelector: selector,
        emit: (mark) => record.addCustomEvent(SELECTED_OPTIONS_EVENT_TAG, mark),
      });
    });
  };
  // The first snapshot waits for the page's fonts (bounded: FONTS_WAIT_MS), so it carries them.
  void fonts.prepare().then(begin, begin);

  return {
    snapshot: takeSnapshot,
    control: controls.add,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(fontCheck);
      controls.stop();
      slicer?.stop();
      stopRecording?.();
      canvases?.stop();
      focus?.stop();
      hover?.stop();
      stopSelectedOptions?.();
      pointer.remove();
      drawing.remove();
    },
  };
}

(window as unknown as Record<string, RecorderModule>)[RECORDER_GLOBAL] = { start };
