/**
 * What the visitor script adds to rrweb's recording for the watch page: a custom event (rrweb type 5)
 * with this tag carries a canvas's image `{ id, url }` (rrweb node id, data: URL); this attribute marks
 * an iframe whose content is not recorded (another site's frame), shown as a labelled placeholder.
 */
export const CANVAS_IMAGE_EVENT_TAG = "tandem-canvas";
export const UNAVAILABLE_FRAME_ATTRIBUTE = "data-tandem-frame-unavailable";
