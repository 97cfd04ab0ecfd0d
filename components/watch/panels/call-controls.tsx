"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { CallControl } from "./use-call";

/**
 * The voice call on the watch page: Start call while none goes on (only once the visitor's page is
 * live), then Mute/Unmute, whether the agent hears the visitor ("Hear the visitor" / "Mute the visitor"),
 * the agent's camera and End call.
 */
export function CallControls({ call, disabled }: { call: CallControl; disabled: boolean }) {
  const { phase, muted, hearing, camera, notice, audioRef } = call;
  const preview = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (preview.current) preview.current.srcObject = camera;
  }, [camera]);

  return (
    <div role="group" aria-label="Call with the visitor" className="flex flex-wrap items-center gap-2" data-testid="call-controls">
      {phase === "idle" || phase === "starting" ? (
        <Button variant="secondary" disabled={disabled || phase === "starting"} onClick={call.start}>
          Start call
        </Button>
      ) : (
        <>
          <span role="status" className="text-sm font-medium" data-testid="call-status">
            {phase === "ringing" ? "Calling the visitor…" : "On a call"}
          </span>
          {phase === "active" ? (
            <>
              <Button variant="secondary" onClick={call.toggleMute}>
                {muted ? "Unmute" : "Mute"}
              </Button>
              {/* Says what pressing does: the visitor is heard now, or not yet. */}
              <Button variant="secondary" onClick={call.toggleHearing}>
                {hearing ? "Mute the visitor" : "Hear the visitor"}
              </Button>
              <Button variant="secondary" onClick={call.toggleCamera}>
                {camera ? "Hide my camera" : "Show my camera"}
              </Button>
            </>
          ) : null}
          <Button variant="danger" onClick={call.end}>
            End call
          </Button>
        </>
      )}
      {camera ? <video ref={preview} autoPlay muted playsInline aria-label="Your camera" className="h-12 w-16 rounded bg-black object-cover" /> : null}
      {/* The visitor's voice; muted for the agent until "Hear the visitor". */}
      <audio ref={audioRef} autoPlay hidden />
      {notice ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="call-notice">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
