/**
 * What the visitor script adds to rrweb's recording for the watch page: a custom event (rrweb type 5)
 * with this tag carries a canvas's image `{ id, url }` (rrweb node id, data: URL); this attribute marks
 * an iframe whose content is not recorded (another site's frame), shown as a labelled placeholder.
 */
export const CANVAS_IMAGE_EVENT_TAG = "tandem-canvas";
/**
 * A custom event with this tag and `{ pending: boolean }` says whether parts of the latest full snapshot
 * are still to come in slices (lib/visitor/recorder/sliced-snapshot.ts): `true` right after a snapshot that left
 * parts out, `false` after the slice that sent the last of them. A reader of the page (the AI agent's
 * copy) knows from it when the page it holds is whole, and a recording opens once its first page is.
 */
export const SNAPSHOT_SLICES_EVENT_TAG = "tandem-snapshot-slices";
export const UNAVAILABLE_FRAME_ATTRIBUTE = "data-tandem-frame-unavailable";
/**
 * A custom event with this tag and `FocusMark` says which element has the visitor's focus now (`id`,
 * rrweb node id; null: none), and, in a text field, its selection (`start`, `end`: offsets in its
 * value; left out for a masked field). The document's own text selection travels as rrweb's
 * selection events. The watch page draws both over the mirror.
 */
export const FOCUS_EVENT_TAG = "tandem-focus";
export interface FocusMark {
  id: number | null;
  start?: number;
  end?: number;
}
/**
 * A custom event with this tag and `{ id, selected }` gives the options selected in a `<select multiple>`
 * (rrweb node id; the options' indexes) after the visitor or the agent changed them: rrweb's input events
 * carry a list's first selected value only. Never sent for a masked list.
 */
export const SELECTED_OPTIONS_EVENT_TAG = "tandem-selected-options";
/**
 * The class of everything the visitor script itself adds to the page (the help bar, the consent prompt,
 * notices, the agent's pointer and drawings): beside `no-cobrowse`, so it is never sent; readers of the
 * page (the AI agent's copy) leave it out altogether rather than show it as a masked box.
 */
export const TANDEM_UI_CLASS = "tandem-ui";
/**
 * A custom event with this tag and `{ id }` says which element is under the visitor's mouse now (rrweb
 * node id, the innermost, inside shadow roots; null: the mouse left the page): the watch page shows
 * the page's `:hover` styles on it and its ancestors. Sent when it changes, the page scrolling under a
 * still mouse included.
 */
export const HOVER_EVENT_TAG = "tandem-hover";
