/**
 * The messages of a live co-browsing session. Shared by the service, the visitor script (lib/visitor)
 * and the agent's watch page, so all three agree on one shape. Types only: no runtime code here.
 */

/** An rrweb event as it travels: only `type` and `timestamp` matter to the relay. */
export interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
  [key: string]: unknown;
}

/** rrweb's EventType values the relay looks at. */
export const EVENT_TYPE = { fullSnapshot: 2, incremental: 3, meta: 4 } as const;

/** A batch of the visitor's events, numbered 1, 2, 3… per recording (a page load starts again at 1). */
export interface EventBatch {
  seq: number;
  events: RecordedEvent[];
}

export type VisitorStatus = "waiting" | "awaiting_authorization" | "live" | "disconnected" | "ended";

/** What an agent's tool asks of the visitor's page. Coordinates are the visitor's viewport pixels. */
export type ControlMessage =
  | { tool: "pointer"; x: number; y: number }
  | { tool: "click"; id: number }
  | { tool: "scroll"; dx: number; dy: number }
  | { tool: "type"; text: string }
  | { tool: "key"; key: "Backspace" | "Enter" | "Tab" }
  /** One piece of a stroke: [x, y] points; a stroke's next piece starts at this one's last point. */
  | { tool: "draw"; points: [number, number][] }
  /** Removes the agents' drawings from the visitor's page. */
  | { tool: "clear" }
  /** Sends the visitor's page to an http(s) URL. */
  | { tool: "navigate"; url: string }
  | { tool: "reload" }
  /** A message for the customer's page (`Tandem.on("custom_message")`), e.g. from an embedding page. */
  | { tool: "message"; message: string };

export type Tool = ControlMessage["tool"];

/** Service → agent's watch page (Server-Sent Events). */
export type AgentMessage =
  /** `seq` counts messages of events; `reset` = the events start with a full snapshot (drop the old page). */
  | { type: "events"; seq: number; reset: boolean; events: RecordedEvent[] }
  | { type: "status"; status: VisitorStatus; agents: string[] }
  | { type: "ended"; reason: string }
  /** A message from the customer's page (`Tandem.sendCustomMessage`). */
  | { type: "custom"; message: string }
  /** A fresh viewer credential: the previous one expires soon. */
  | { type: "token"; token: string };

/** Service → visitor's page (Server-Sent Events of the visitor script). */
export type VisitorMessage =
  | {
      type: "session";
      sessionId: string;
      agentName: string;
      permissions: Record<string, boolean>;
      /** Ask the visitor before anything of the page is sent. */
      needsConsent: boolean;
    }
  | { type: "snapshot"; sessionId: string }
  | { type: "control"; sessionId: string; control: ControlMessage }
  | { type: "ended"; sessionId: string; reason: string };
