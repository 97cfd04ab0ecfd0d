import { RECORDER_GLOBAL, type RecorderModule } from "./recorder-api";

let recorderModule: Promise<RecorderModule> | null = null;

/** cobrowse-recorder.js is fetched only when a session starts, so pages without one stay light. */
export function loadRecorder(baseUrl: string): Promise<RecorderModule> {
  recorderModule ??= new Promise<RecorderModule>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${baseUrl}/cobrowse-recorder.js`;
    script.referrerPolicy = "no-referrer";
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as Record<string, RecorderModule | undefined>)[RECORDER_GLOBAL];
      if (loaded) resolve(loaded);
      else reject(new Error("Tandem: cobrowse-recorder.js did not load"));
    };
    script.onerror = () => {
      recorderModule = null;
      reject(new Error("Tandem: cobrowse-recorder.js could not be fetched"));
    };
    document.head.appendChild(script);
  });
  return recorderModule;
}
