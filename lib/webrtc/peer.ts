import type { IceConfig } from "@/lib/contract/call";

type Description = { type: "offer" | "answer"; sdp: string };

/** What one side of a call sends the other through the service. */
export interface PeerSignals {
  description: (description: Description) => void;
  candidate: (candidate: RTCIceCandidateInit & { candidate: string }) => void;
}

/**
 * One side of a call's WebRTC connection, shared by the visitor's page and the agent's watch page: the
 * local tracks, the remote stream, and the signalling applied in order. The agent offers (again when it
 * adds its camera), the visitor answers; candidates that arrive before the other's description wait.
 */
export function createPeer(config: IceConfig, signals: PeerSignals, onRemote: (stream: MediaStream) => void, onFailed: () => void) {
  const connection = new RTCPeerConnection({ iceServers: config.iceServers, iceTransportPolicy: config.iceTransportPolicy });
  const remote = new MediaStream();
  let pending: RTCIceCandidateInit[] = [];
  let queue = Promise.resolve();
  const inOrder = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((error: unknown) => console.error("Tandem: a call message failed", error));
    return queue;
  };

  connection.onicecandidate = (event) => {
    if (event.candidate) signals.candidate({ ...event.candidate.toJSON(), candidate: event.candidate.candidate });
  };
  connection.ontrack = (event) => {
    remote.addTrack(event.track);
    // A camera shown or taken back mutes or unmutes its track: the page shows it or not.
    event.track.onmute = event.track.onunmute = event.track.onended = () => onRemote(remote);
    onRemote(remote);
  };
  // The other side is gone (closed its page, lost its network) and ICE could not get it back.
  connection.onconnectionstatechange = () => {
    if (connection.connectionState === "failed") onFailed();
  };

  return {
    connection,
    /** Sends `stream`'s tracks; the offering side then offers (again). */
    add(stream: MediaStream) {
      for (const track of stream.getTracks()) connection.addTrack(track, stream);
    },
    offer: () =>
      inOrder(async () => {
        await connection.setLocalDescription(await connection.createOffer());
        signals.description({ type: "offer", sdp: connection.localDescription!.sdp });
      }),
    /** The other side's description (an offer is answered) or candidate. */
    receive: (message: { description?: Description; candidate?: RTCIceCandidateInit }) =>
      inOrder(async () => {
        if (message.candidate) {
          if (connection.remoteDescription) await connection.addIceCandidate(message.candidate);
          else pending.push(message.candidate);
          return;
        }
        if (!message.description) return;
        await connection.setRemoteDescription(message.description);
        for (const candidate of pending) await connection.addIceCandidate(candidate);
        pending = [];
        if (message.description.type === "offer") {
          await connection.setLocalDescription(await connection.createAnswer());
          signals.description({ type: "answer", sdp: connection.localDescription!.sdp });
        }
      }),
    close() {
      connection.close();
      for (const track of remote.getTracks()) track.stop();
    },
  };
}

export type Peer = ReturnType<typeof createPeer>;
