import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { mountViewer, type Viewer, type ViewerEvents, type ViewerMode, type ViewerState } from "../../../lib/viewer/mount-viewer";

export type { ViewerEvents, ViewerMode, ViewerState };

export interface TandemViewerOptions {
  /** A v1.4 viewer token from your server (POST /v1.4/visitors/{id}/viewer_token): never your secret key. */
  token: string;
  /** The token answer's `endpoint`: Tandem's origin. */
  endpoint: string;
}

export interface TandemViewerHandle {
  /** Put it on the element the visitor's page fills. */
  ref: (element: HTMLElement | null) => void;
  /** The latest state; null until the viewer's frame reports one. */
  state: ViewerState | null;
  /** Why the session ended; null while it goes on. */
  ended: ViewerEvents["ended"] | null;
  error: ViewerEvents["error"] | null;
  setMode: (mode: ViewerMode) => void;
  end: () => void;
}

/**
 * Mounts Tandem's viewer in the element given to `ref`, once per token; unmounts it with the element.
 * Build your own toolbar from what it returns.
 */
export function useTandemViewer(options: TandemViewerOptions | null): TandemViewerHandle {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<ViewerState | null>(null);
  const [ended, setEnded] = useState<ViewerEvents["ended"] | null>(null);
  const [error, setError] = useState<ViewerEvents["error"] | null>(null);
  const viewer = useRef<Viewer | null>(null);
  const token = options?.token;
  const endpoint = options?.endpoint;

  useEffect(() => {
    if (!element || !token || !endpoint) return;
    const mounted = mountViewer(element, { token, endpoint });
    viewer.current = mounted;
    mounted.on("state", setState);
    mounted.on("ended", setEnded);
    mounted.on("error", setError);
    return () => {
      mounted.destroy();
      viewer.current = null;
      setState(null);
      setEnded(null);
      setError(null);
    };
  }, [element, token, endpoint]);

  return {
    ref: setElement,
    state,
    ended,
    error,
    setMode: useCallback((mode: ViewerMode) => viewer.current?.setMode(mode), []),
    end: useCallback(() => viewer.current?.end(), []),
  };
}

export interface TandemViewerProps extends TandemViewerOptions {
  /** What the agent's mouse does on the visitor's page. */
  mode?: ViewerMode;
  onState?: (state: ViewerState) => void;
  onEnded?: (ended: ViewerEvents["ended"]) => void;
  onError?: (error: ViewerEvents["error"]) => void;
  className?: string;
  style?: CSSProperties;
}

/** The visitor's live page, filling this element; the session's events through the props' callbacks. */
export function TandemViewer({ token, endpoint, mode, onState, onEnded, onError, className, style }: TandemViewerProps) {
  const { ref: holder, state, ended, error, setMode } = useTandemViewer({ token, endpoint });
  useEffect(() => {
    if (state) onState?.(state);
  }, [state, onState]);
  useEffect(() => {
    if (ended) onEnded?.(ended);
  }, [ended, onEnded]);
  useEffect(() => {
    if (error) onError?.(error);
  }, [error, onError]);
  useEffect(() => {
    // Applied once the frame is there to obey it.
    if (mode && state) setMode(mode);
  }, [mode, state, setMode]);
  return <div ref={holder} className={className} style={{ width: "100%", height: "100%", ...style }} data-tandem-viewer="" />;
}
