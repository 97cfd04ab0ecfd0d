/**
 * The embeddable viewer, served as /viewer.js (an ES module): `import { mountViewer } from
 * "https://YOUR-TANDEM/viewer.js"`. See docs/embedding.md.
 */
export { mountViewer, type Viewer, type ViewerEvents, type ViewerMode, type ViewerOptions, type ViewerState } from "./mount-viewer";
