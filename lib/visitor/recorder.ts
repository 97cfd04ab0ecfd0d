/**
 * cobrowse-recorder.js: loaded by cobrowse.js only when a session starts. Records the page with rrweb,
 * masked in the browser, and sends it in numbered batches; applies the agents' tools.
 */
import { record } from "rrweb";
import type { RecordedEvent } from "@/lib/contract";
import { CANVAS_IMAGE_EVENT_TAG } from "@/lib/contract/recording-marks";
import { captureCanvases } from "./canvas-capture";
import { applyControl } from "./control";
import { createDrawing } from "./drawing";
import { BLOCK_CLASS, blockSelector, maskValue } from "./masking";
import { outgoingEvent } from "./outgoing-events";
import { createPointer } from "./pointer";
import { RECORDER_GLOBAL, type RecorderModule, type RecorderOptions, type Recording } from "./recorder-api";
import { setRrwebHooks } from "./rrweb-hooks";

/** Batches leave at least this often while events flow. */
const FLUSH_MS = 50;
/** Waits before sending a batch again after a network failure or a 5xx. */
const RETRY_MS = [100, 250, 500, 1000, 2000, 4000];

function start(options: RecorderOptions): Recording {
  const selector = blockSelector(options.maskingSelectors);
  const pointer = createPointer();
  const drawing = createDrawing();
  let queue: RecordedEvent[] = [];
  let seq = 0;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Batches before this one were sent before the latest snapshot: a gap they report is already mended. */
  let snapshotBatch = 1;

  const schedule = () => {
    if (!timer && !stopped) timer = setTimeout(flush, FLUSH_MS);
  };
  const takeSnapshot = () => {
    snapshotBatch = seq + 1;
    record.takeFullSnapshot(true);
    canvases?.resend();
    options.frames?.onSnapshot();
  };
  const settled = () => {
    inFlight = false;
    if (queue.length) schedule();
  };
  const deliver = (batch: { seq: number; events: RecordedEvent[] }, attempt: number) => {
    options.send!(batch)
      .then((answer) => {
        if (answer.snapshot && batch.seq >= snapshotBatch) takeSnapshot();
        settled();
      })
      .catch((error: { status?: number; code?: string; name?: string }) => {
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
        // The network failed or an app node went away: the same batch again (the service takes a batch
        // once), so the agent misses nothing. Past the last try, the next batch will not follow and the
        // service asks for a snapshot.
        const transient = error.status === undefined ? error.name === "TypeError" : error.status >= 500 || error.status === 429;
        if (transient && attempt < RETRY_MS.length && !stopped) return void setTimeout(() => deliver(batch, attempt + 1), RETRY_MS[attempt]);
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

  setRrwebHooks({ closedShadowRoot: options.closedShadowRoot, acceptFrameMessage: (event) => options.frames?.accepts(event) ?? false });
  const outgoing = {
    nodeOf: (id: number) => record.mirror.getNode(id),
    maskSelector: selector,
    redactUrl: options.redactUrl,
    isJoinedFrame: (iframe: HTMLIFrameElement) => options.frames?.isJoined(iframe) ?? false,
  };
  const stopRecording = record<RecordedEvent>({
    emit(event) {
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
  const canvases = options.canvasCapture
    ? captureCanvases({
        idOf: (canvas) => record.mirror.getId(canvas),
        maskSelector: selector,
        emit: (image) => record.addCustomEvent(CANVAS_IMAGE_EVENT_TAG, image),
      })
    : null;

  return {
    snapshot: takeSnapshot,
    control: (message) => applyControl(message, { nodeOf: (id) => record.mirror.getNode(id), maskSelector: selector, pointer, drawing }),
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopRecording?.();
      canvases?.stop();
      pointer.remove();
      drawing.remove();
    },
  };
}

(window as unknown as Record<string, RecorderModule>)[RECORDER_GLOBAL] = { start };
