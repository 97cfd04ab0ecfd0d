import { z } from "zod";
import { okStatus } from "./common";

/**
 * A voice call inside a live session (the link's `permissions.allow_audio`): WebRTC between the agent's
 * watch page and the visitor's page. The service carries only the signalling below, on the session's
 * own channels, and mints each side short-lived TURN credentials; no audio passes through it.
 *
 * The agent rings, the visitor accepts or declines. Only an accepted call gets ICE servers: the visitor
 * in the answer to its `accept`, the agent in the `accepted` message, each with TURN credentials minted
 * then for this call and lasting minutes. Then the agent offers, the visitor answers, and both trickle
 * their ICE candidates. Either side may end it; ending the session ends it.
 */

/** A message carries at most one session description (a few kB; with video some more). */
export const CALL_MESSAGE_MAX_BYTES = 64 * 1024;
/** What a call message may answer besides its authentication's and malformed input's. */
export const CALL_ERRORS = ["not_found", "session_ended", "permission_denied"] as const;

export const callIdSchema = z.string().min(1).max(64).describe("The call's id, from the agent's `start`");

const description = z
  .object({ type: z.enum(["offer", "answer"]), sdp: z.string().min(1).max(32_000) })
  .describe("A WebRTC session description (RTCSessionDescriptionInit)");

const candidate = z
  .object({
    candidate: z.string().max(1000),
    sdpMid: z.string().max(64).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
    usernameFragment: z.string().max(256).nullish(),
  })
  .describe("A WebRTC ICE candidate (RTCIceCandidateInit)");

/** What either side relays to the other, unchanged, while the call lasts. */
const signal = [
  z.object({ kind: z.literal("description"), callId: callIdSchema, description }),
  z.object({ kind: z.literal("candidate"), callId: callIdSchema, candidate }),
] as const;
const end = z.object({ kind: z.literal("end"), callId: callIdSchema });

/** One ICE server as RTCPeerConnection takes it; a TURN server's credentials expire (coturn's REST scheme). */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const iceConfigSchema = z.object({
  iceServers: z.array(iceServerSchema),
  iceTransportPolicy: z.enum(["all", "relay"]).describe('"relay": only through the TURN servers'),
});

/** POST /live/sessions/{id}/call: the agent's side. */
export const agentCallRequestSchema = z
  .discriminatedUnion("kind", [z.object({ kind: z.literal("start") }).describe("Rings the visitor"), ...signal, end])
  .describe("A call message of the agent");

/** What `start` answers the agent (other kinds answer only `status`); its ICE servers come once the visitor accepts. */
export const agentCallResponseSchema = z.object({
  status: okStatus,
  call: z
    .object({
      callId: callIdSchema,
      audioMuted: z.boolean().describe("The link's options.audio_muted: the visitor's audio starts muted for the agent"),
    })
    .optional(),
});

/** POST /collect/live/call: the visitor's side, each message naming its session. */
const sessionId = { sessionId: z.string().min(1).max(64) };
export const visitorCallRequestSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("accept"), callId: callIdSchema, ...sessionId }).describe("The visitor pressed Accept"),
    z.object({ kind: z.literal("decline"), callId: callIdSchema, ...sessionId }),
    signal[0].extend(sessionId),
    signal[1].extend(sessionId),
    end.extend(sessionId),
  ])
  .describe("A call message of the visitor");

/** What `accept` answers the visitor: its ICE servers for this call (other kinds answer only `status`). */
export const visitorCallResponseSchema = z.object({ status: okStatus, call: iceConfigSchema.optional() });

/** Service → visitor's page. */
export const callToVisitorSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("ring"),
      callId: callIdSchema,
      agentName: z.string(),
      audioMuted: z.boolean().describe("The link's options.audio_muted: the agent does not hear the visitor until they turn them on"),
    })
    .describe("The agent offers a call"),
  ...signal,
  end,
]);

/** Service → agents' watch pages. */
export const callToAgentSchema = z.discriminatedUnion("kind", [
  iceConfigSchema.extend({ kind: z.literal("accepted"), callId: callIdSchema }).describe("The visitor accepted: the agent's ICE servers for this call"),
  z.object({ kind: z.literal("declined"), callId: callIdSchema }),
  ...signal,
  end,
]);

export type AgentCallRequest = z.infer<typeof agentCallRequestSchema>;
export type VisitorCallRequest = z.infer<typeof visitorCallRequestSchema>;
export type CallToVisitor = z.infer<typeof callToVisitorSchema>;
export type CallToAgent = z.infer<typeof callToAgentSchema>;
export type IceConfig = z.infer<typeof iceConfigSchema>;
export type AgentCallAnswer = z.infer<typeof agentCallResponseSchema>;
export type VisitorCallAnswer = z.infer<typeof visitorCallResponseSchema>;
