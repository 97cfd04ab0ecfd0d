import type { TeamSettings, TeamSettingsUpdate } from "@/lib/contract";

/** Each setting in words, as "Saved: …" says what changed. */
export const TEAM_FIELD_NAMES: Record<keyof TeamSettingsUpdate, string> = {
  name: "team name",
  domain: "website domain",
  history_enabled: "visitor history",
  require_authorization: "visitor authorization",
  masking_selectors: "masking selectors",
  max_concurrent_sessions: "max concurrent sessions",
  proxy_enabled: "universal proxy",
  onprem_licensed: "on-premise licence",
  recording_enabled: "recording",
  recording_link_ttl_hours: "recording link lifetime",
  url_redacted_params: "redacted URL parameters",
  embed_origins: "sites that may embed the watch page",
  frame_origins: "sites whose frames the agent sees",
  canvas_capture_enabled: "canvases",
  visitor_feedback_enabled: "visitor feedback",
  agent_hears_visitor: "agent hears the visitor",
};

/** The team's settings of a kind: its boolean switches, its lists. */
type FieldOf<T> = { [K in keyof TeamSettings]-?: TeamSettings[K] extends T ? K : never }[keyof TeamSettings];

/** The team form's switches, in order, with what each does. */
export const TEAM_SWITCHES: Array<{ field: FieldOf<boolean>; label: string; hint: string }> = [
  { field: "history_enabled", label: "Collect visitor history", hint: "Pages each visitor viewed, kept with the visitor." },
  { field: "require_authorization", label: "Require visitor authorization", hint: "The visitor accepts before an agent sees the page." },
  { field: "proxy_enabled", label: "Universal proxy enabled", hint: "Co-browse pages that do not load the visitor script." },
  { field: "onprem_licensed", label: "On-premise licence", hint: "Issue licence tokens for on-premise deployments." },
  { field: "recording_enabled", label: "Recording", hint: "Record co-browsing sessions." },
  {
    field: "canvas_capture_enabled",
    label: "Show canvases",
    hint: "Charts, signatures and maps drawn on a canvas reach the agent as images: at most 4 a second, 512 kB a second a page. Masked canvases never leave the page.",
  },
  {
    field: "visitor_feedback_enabled",
    label: "Ask visitors for feedback",
    hint: "When a session ends, the visitor is asked “How did this session go?” (a rating of 1 to 5 and an optional comment). Agents are always asked.",
  },
  {
    field: "agent_hears_visitor",
    label: "Agent hears the visitor when a call starts",
    hint: "Off: a call starts with the visitor muted for the agent, who turns them on with “Hear the visitor”. The visitor's call prompt says which.",
  },
];

/** The team form's lists, edited one entry per line. */
export const TEAM_LISTS: Array<{ field: FieldOf<string[]>; label: string; hint?: string; rows?: number }> = [
  { field: "masking_selectors", label: "Masking selectors (one CSS selector per line)" },
  {
    field: "url_redacted_params",
    label: "Redacted URL parameters (one name per line)",
    hint: "The visitor script drops every URL's fragment, and the value of each query parameter whose name contains one of these, before sending it.",
  },
  { field: "embed_origins", label: "Sites that may embed the watch page (one origin per line, e.g. https://support.example.com)", rows: 3 },
  {
    field: "frame_origins",
    label: "Sites whose frames the agent sees (one origin per line, e.g. https://checkout.example.com)",
    hint: "Your pages and the frames in them that load the visitor script, when they are on different sites: list every one, the pages' sites and the frames' sites. A frame of a listed site joins the page's session and is shown inside it, masked by these settings before it leaves the frame. Frames of other sites are shown to the agent as a labelled empty box.",
    rows: 3,
  },
];
