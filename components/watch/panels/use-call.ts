"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { AgentCallAnswer, AgentCallRequest, CallToAgent, IceConfig } from "@/lib/contract/call";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { createPeer, type Peer } from "@/lib/webrtc/peer";
import { viewerPost } from "../session/viewer-post";

export type CallPhase = "idle" | "starting" | "ringing" | "active";

interface Call {
  callId: string;
  mic: MediaStream;
  peer: Peer | null;
  camera: MediaStream | null;
}

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * The agent's side of a voice call with the visitor (the link's `allow_audio`): rings through the
 * service, offers once the visitor accepts, and holds the microphone, the camera and the visitor's
 * audio (muted for the agent at first when the link's `options.audio_muted` says so) until either
 * side ends it or the session ends. Nothing of the call is recorded.
 */
export function useCall(sessionId: string, token: string) {
  const [phase, setPhase] = useState<CallPhase>("idle");
  const [muted, setMuted] = useState(false);
  const [hearing, setHearing] = useState(true);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const call = useRef<Call | null>(null);
  const remoteAudio = useRef<HTMLAudioElement | null>(null);
  const sending = useRef<Promise<unknown>>(Promise.resolve());

  /** Call messages leave one at a time, in order: the visitor applies them as they come. */
  const send = useCallback(
    (message: AgentCallRequest) => {
      sending.current = sending.current
        .then(() => viewerPost(liveRoutes.sendAgentCall, sessionId, token, message))
        .catch((error: unknown) => console.error("call: a message failed", error));
      return sending.current;
    },
    [sessionId, token],
  );

  const hangUp = useCallback(
    (tell: boolean, why: string | null) => {
      const current = call.current;
      if (!current) return;
      call.current = null;
      current.peer?.close();
      stopTracks(current.mic);
      stopTracks(current.camera);
      setPhase("idle");
      setMuted(false);
      setCamera(null);
      setNotice(why);
      if (tell) void send({ kind: "end", callId: current.callId });
    },
    [send],
  );

  const start = async () => {
    setNotice(null);
    setPhase("starting");
    let mic: MediaStream;
    try {
      mic = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setPhase("idle");
      return setNotice("A call needs your microphone: allow it for this page in the browser.");
    }
    const response = await viewerPost(liveRoutes.sendAgentCall, sessionId, token, { kind: "start" }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as (AgentCallAnswer & { message?: string }) | null;
    if (!response?.ok || !answer?.call) {
      stopTracks(mic);
      setPhase("idle");
      return setNotice(answer?.message ?? "The call could not be started.");
    }
    call.current = { callId: answer.call.callId, mic, peer: null, camera: null };
    setHearing(!answer.call.audioMuted);
    setPhase("ringing");
  };

  /** The visitor's side of the call, as the service relays it. */
  const receive = useCallback(
    (message: CallToAgent) => {
      const current = call.current;
      if (!current || message.callId !== current.callId) return;
      const { callId } = current;
      if (message.kind === "declined") return hangUp(false, "The visitor declined the call.");
      if (message.kind === "end") return hangUp(false, "The call ended.");
      if (message.kind !== "accepted") return void current.peer?.receive(message);
      // The ICE servers (TURN credentials minted for this call) come with the visitor's acceptance.
      const config: IceConfig = { iceServers: message.iceServers, iceTransportPolicy: message.iceTransportPolicy };
      const peer = createPeer(
        config,
        {
          description: (description) => void send({ kind: "description", callId, description }),
          candidate: (candidate) => void send({ kind: "candidate", callId, candidate }),
        },
        (stream) => {
          const audio = remoteAudio.current;
          if (audio && audio.srcObject !== stream) audio.srcObject = stream;
          void audio?.play().catch(() => undefined);
        },
        () => hangUp(true, "The call was cut off."),
      );
      current.peer = peer;
      peer.add(current.mic);
      void peer.offer();
      setPhase("active");
    },
    [hangUp, send],
  );

  const toggleMute = () => {
    const next = !muted;
    call.current?.mic.getAudioTracks().forEach((track) => (track.enabled = !next));
    setMuted(next);
  };

  /** Shows the agent's camera to the visitor, or takes it back (each a new offer). */
  const toggleCamera = async () => {
    const current = call.current;
    if (!current?.peer) return;
    if (current.camera) {
      const video = current.camera.getVideoTracks();
      for (const sender of current.peer.connection.getSenders()) if (sender.track && video.includes(sender.track)) current.peer.connection.removeTrack(sender);
      stopTracks(current.camera);
      current.camera = null;
      setCamera(null);
    } else {
      try {
        current.camera = await navigator.mediaDevices.getUserMedia({ video: true });
      } catch {
        return setNotice("Your camera could not be used: allow it for this page in the browser.");
      }
      if (call.current !== current) return stopTracks(current.camera);
      current.peer.add(current.camera);
      setCamera(current.camera);
    }
    await current.peer.offer();
  };

  // Leaving the page ends the call (the visitor is told).
  useEffect(() => {
    const leave = () => hangUp(true, null);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [hangUp]);
  useEffect(() => {
    if (remoteAudio.current) remoteAudio.current.muted = !hearing;
  }, [hearing, phase]);

  return {
    phase,
    muted,
    hearing,
    camera,
    notice,
    /** The ref of the element that plays the visitor's voice. */
    audioRef: useCallback((element: HTMLAudioElement | null) => {
      remoteAudio.current = element;
    }, []),
    receive,
    start: () => void start(),
    end: () => hangUp(true, null),
    /** The session ended: so did the call, for both sides. */
    drop: useCallback(() => hangUp(false, null), [hangUp]),
    toggleMute,
    toggleHearing: () => setHearing((current) => !current),
    toggleCamera: () => void toggleCamera(),
  };
}

export type CallControl = ReturnType<typeof useCall>;
