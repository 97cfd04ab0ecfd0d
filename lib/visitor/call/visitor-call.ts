import type { CallToVisitor, IceConfig } from "@/lib/contract/call";
import { collectRoutes } from "@/lib/contract/endpoints/collect-routes";
import { createPeer, type Peer } from "@/lib/webrtc/peer";
import type { CallContext, CallModule } from "../bundles/call-api";
import { askChoice, showNotice } from "../ui/ui";
import { showCallPanel } from "./call-panel";

type Ring = Extract<CallToVisitor, { kind: "ring" }>;
type Signal = Extract<CallToVisitor, { kind: "description" | "candidate" }>;

/** What the visitor is told before Accept: whether the agent will hear them, as the call starts. */
export function callPromptText(audioMuted: boolean, agentName: string): string {
  const hearing = audioMuted
    ? `You will hear ${agentName}; ${agentName} will not hear you until they turn your voice on.`
    : `You will hear each other as soon as you accept.`;
  return `A voice call in your browser. ${hearing} You can mute or end it at any time. Nothing of it is recorded.`;
}
type Body = Parameters<CallContext["post"]> extends [unknown, infer B, ...unknown[]] ? B : never;

/**
 * The visitor's side of one call: the question first (nothing of the microphone is touched before
 * Accept), then the microphone, the WebRTC answer and the call in the help bar until either side ends it.
 */
function answerCall(ring: Ring, { post, emitter }: CallContext, sessionId: string) {
  const emit = emitter.emit;
  const { callId, agentName } = ring;
  let sending: Promise<unknown> = Promise.resolve();
  // The service relays in the order it gets them: one message at a time (a failed one does not stop the next).
  const send = (message: Record<string, unknown>) => {
    const sent = sending.then(() => post(collectRoutes.sendVisitorCall, { sessionId, callId, ...message } as Body));
    sending = sent.catch(() => undefined);
    return sent;
  };
  let ended = false;
  let mic: MediaStream | null = null;
  let peer: Peer | null = null;
  let panel: ReturnType<typeof showCallPanel> | null = null;
  const early: Signal[] = [];

  emit("callStart", { sessionId, callId, agentName });
  const prompt = askChoice("call", `${agentName} wants to talk with you`, callPromptText(ring.audioMuted, agentName));
  const finish = (notice: string | null) => {
    if (ended) return;
    ended = true;
    prompt.close();
    peer?.close();
    for (const track of mic?.getTracks() ?? []) track.stop();
    panel?.remove();
    emit("callEnd", { sessionId, callId });
    if (notice) showNotice(notice);
  };

  void prompt.answer.then(async (accepted) => {
    if (ended) return;
    if (!accepted) {
      finish(null);
      return send({ kind: "decline" }).catch(console.error);
    }
    try {
      mic = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      finish("The call needs your microphone, which the browser did not allow.");
      return send({ kind: "decline" }).catch(console.error);
    }
    if (ended) return finish(null);
    const local = mic;
    let config: IceConfig;
    try {
      // Only now, accepted, does the call get its ICE servers (TURN credentials minted for it).
      const answer = await send({ kind: "accept" });
      if (!answer.call) throw new Error("The call's ICE servers are missing.");
      config = answer.call;
    } catch (error) {
      console.error(error);
      return finish("The call could not be joined.");
    }
    if (ended) return;
    peer = createPeer(
      config,
      {
        description: (description) => void send({ kind: "description", description }).catch(console.error),
        candidate: (candidate) => void send({ kind: "candidate", candidate }).catch(console.error),
      },
      (stream) => panel?.play(stream),
      () => {
        finish("The call was cut off.");
        void send({ kind: "end" }).catch(() => undefined);
      },
    );
    peer.add(local);
    // What the agent sent while the acceptance was on its way (its offer may come first).
    for (const message of early.splice(0)) void peer.receive(message);
    panel = showCallPanel(
      (muted) => local.getAudioTracks().forEach((track) => (track.enabled = !muted)),
      () => {
        finish("You ended the call.");
        void send({ kind: "end" }).catch(console.error);
      },
    );
    emit("callAccepted", { sessionId, callId, agentName });
  });

  return {
    callId,
    receive(message: CallToVisitor) {
      if (message.kind === "end") finish("The call has ended.");
      else if (message.kind === "ring") return;
      else if (peer) void peer.receive(message);
      else early.push(message);
    },
    finish,
  };
}

/** The page's calls: a ring starts one (ending any before it), the rest goes to the call it names; a session's end hangs up. */
const startCalls: CallModule = (context) => {
  let current: ReturnType<typeof answerCall> | null = null;
  // The page already says the session ended.
  context.emitter.on("session_ended", () => {
    current?.finish(null);
    current = null;
  });
  return ({ sessionId, call }) => {
    if (call.kind === "ring") {
      current?.finish(null);
      current = answerCall(call, context, sessionId);
    } else if (current?.callId === call.callId) current.receive(call);
  };
};

export default startCalls;
