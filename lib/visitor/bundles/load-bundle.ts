const loading = new Map<string, Promise<unknown>>();

/**
 * Fetches one of the visitor script's optional bundles (public/cobrowse-*.js) once, and answers what it
 * puts on `window[globalName]`. Each is fetched only when a session needs it, so pages stay light.
 */
export function loadBundle<T>(baseUrl: string, file: string, globalName: string): Promise<T> {
  let bundle = loading.get(file) as Promise<T> | undefined;
  if (bundle) return bundle;
  bundle = new Promise<T>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${baseUrl}/${file}`;
    script.referrerPolicy = "no-referrer";
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as Record<string, T | undefined>)[globalName];
      if (loaded) resolve(loaded);
      else reject(new Error(`Tandem: ${file} did not load`));
    };
    script.onerror = () => {
      loading.delete(file);
      reject(new Error(`Tandem: ${file} could not be fetched`));
    };
    document.head.appendChild(script);
  });
  loading.set(file, bundle);
  return bundle;
}
