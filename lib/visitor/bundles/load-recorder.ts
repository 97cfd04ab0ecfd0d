import { loadBundle } from "./load-bundle";
import { RECORDER_GLOBAL, type RecorderModule } from "./recorder-api";

/** cobrowse-recorder.js is fetched only when a session starts, so pages without one stay light. */
export function loadRecorder(baseUrl: string): Promise<RecorderModule> {
  return loadBundle<RecorderModule>(baseUrl, "cobrowse-recorder.js", RECORDER_GLOBAL);
}
