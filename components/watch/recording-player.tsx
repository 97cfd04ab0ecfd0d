"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Replayer } from "rrweb";
import "rrweb/dist/style.css";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { recordingEventsResponseSchema } from "@/lib/contract";
import { endpointUrl } from "@/lib/contract/endpoint-url";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { FocusMarksLayer } from "./overlays/focus-marks-layer";
import { drawCanvasImages, REPLAY_STYLE_RULES, showSelectedOptions } from "./replay/replay-fidelity";
import { openingOffset } from "./replay/recording-opening";
import { withoutReferrerPolicies } from "./replay/referrer-guard";
import { exchangeLink, storedCredential } from "./session/tab-credential";
import { followVisitorFocus, type FocusMarks } from "./replay/visitor-focus";

interface Props {
  sessionId: string;
  /** The recording link's token, when the page was opened through it (a reload finds it in the tab). */
  token?: string;
}

type Load = { state: "loading" } | { state: "error"; message: string; retry: boolean } | { state: "ready"; visitorId: string; startedAt: string };

const NOT_AVAILABLE = "This recording is not available here: its link expired, or the recording was deleted. Open the session again for a new link.";

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** A recorded session replayed with rrweb: play, pause, and a slider to seek, scaled to fit. */
export function RecordingPlayer({ sessionId, token }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [marks, setMarks] = useState<FocusMarks>({ id: null, focus: null, selection: [] });
  const [position, setPosition] = useState(0);
  const [total, setTotal] = useState(0);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [scale, setScale] = useState(1);

  // Before anything loads: the link's token moves out of the address into this tab.
  useLayoutEffect(() => {
    if (token) exchangeLink("recording", sessionId, token);
  }, [sessionId, token]);

  useEffect(() => {
    let cancelled = false;
    const fail = (message: string, retry = true) => !cancelled && setLoad({ state: "error", message, retry });
    void (async () => {
      const credential = storedCredential("recording", sessionId);
      if (!credential) return fail(NOT_AVAILABLE, false);
      try {
        const response = await fetch(endpointUrl(liveRoutes.getRecordingEvents, ""), { headers: { authorization: `Bearer ${credential}` } });
        if (response.status === 404) return fail(NOT_AVAILABLE, false);
        if (!response.ok) return fail(`The recording could not be loaded (${response.status}).`);
        const { visitorId, startedAt, events } = recordingEventsResponseSchema.parse(await response.json());
        if (cancelled || !root.current) return;
        if (events.length < 2) return fail("Nothing of the visitor's page was recorded in this session.", false);
        const player = new Replayer(events.map(withoutReferrerPolicies) as unknown as ConstructorParameters<typeof Replayer>[0], {
          root: root.current,
          mouseTail: false,
          UNSAFE_replayCanvas: false,
          insertStyleRules: REPLAY_STYLE_RULES,
        });
        drawCanvasImages(player);
        showSelectedOptions(player);
        followVisitorFocus(player, setMarks);
        player.on("resize", (dimension) => setSize(dimension as { width: number; height: number }));
        player.on("finish", () => setPlaying(false));
        replayer.current = player;
        const { totalTime } = player.getMetaData();
        setTotal(totalTime);
        const opening = Math.min(totalTime, openingOffset(events));
        player.pause(opening);
        setPosition(opening);
        setLoad({ state: "ready", visitorId, startedAt });
      } catch {
        fail("The recording could not be loaded; check your connection.");
      }
    })();
    return () => {
      cancelled = true;
      replayer.current?.destroy();
      replayer.current = null;
    };
  }, [sessionId, attempt]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setPosition(replayer.current?.getCurrentTime() ?? 0), 250);
    return () => clearInterval(timer);
  }, [playing]);

  useEffect(() => {
    const container = frame.current;
    if (!container || !size) return;
    const fit = () => setScale(Math.min(1, container.clientWidth / size.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    return () => observer.disconnect();
  }, [size]);

  const toggle = () => {
    const player = replayer.current;
    if (!player) return;
    if (playing) {
      player.pause();
      setPosition(player.getCurrentTime());
    } else {
      player.play(position >= total ? 0 : position);
    }
    setPlaying(!playing);
  };

  const seek = (to: number) => {
    setPosition(to);
    if (playing) replayer.current?.play(to);
    else replayer.current?.pause(to);
  };

  return (
    <main className="flex min-h-screen flex-col gap-4 bg-zinc-50 p-4 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-lg font-semibold">{load.state === "ready" ? `Recording of the session with visitor ${load.visitorId}` : "Session recording"}</h1>
        {load.state === "ready" ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Started {new Date(load.startedAt).toUTCString()}</p> : null}
      </header>
      {load.state === "error" ? (
        <Alert>
          <p>{load.message}</p>
          {load.retry ? (
            <Button variant="secondary" className="mt-2" onClick={() => (setLoad({ state: "loading" }), setAttempt((n) => n + 1))}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {load.state === "loading" ? <Skeleton className="h-80 w-full" /> : null}
      <div className="flex flex-wrap items-center gap-3" hidden={load.state !== "ready"}>
        <Button onClick={toggle}>{playing ? "Pause" : "Play"}</Button>
        <label htmlFor="recording-position" className="sr-only">
          Position in the recording
        </label>
        <input
          id="recording-position"
          type="range"
          min={0}
          max={Math.max(total, 1)}
          step={100}
          value={Math.min(position, total)}
          onChange={(event) => seek(Number(event.target.value))}
          aria-valuetext={`${clock(position)} of ${clock(total)}`}
          className="w-72 accent-brand-600"
        />
        <span className="text-sm tabular-nums" data-testid="recording-clock">
          {clock(position)} / {clock(total)}
        </span>
      </div>
      <div ref={frame} className="w-full">
        <div
          className="relative mx-auto overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800"
          style={size ? { width: size.width * scale, height: size.height * scale } : { height: 0 }}
        >
          <div
            ref={root}
            data-testid="recording-root"
            style={{ transform: `scale(${scale})`, transformOrigin: "0 0", width: size?.width, height: size?.height }}
          />
          {size ? <FocusMarksLayer marks={marks} size={size} /> : null}
        </div>
      </div>
    </main>
  );
}
