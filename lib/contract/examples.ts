/**
 * Realistic payloads of every answer, shaped exactly as the spec's tables and the compatibility notes.
 * Used by the contract tests; also handy as OpenAPI examples and test fixtures elsewhere.
 */

export const agentSummaryExample = {
  id: "u_8fj2kd93",
  agent_nickname: "Ann",
  email: "ann@example.com",
  external_id: null,
  name: "Ann Agent",
  on_premise: false,
  _type: "user",
};

export const sessionExample = {
  id: "s_4kd92jf8s0d1",
  agents: [agentSummaryExample, { ...agentSummaryExample, id: "ea_91kd", email: "", external_id: "crm-77", _type: "external_agent" }],
  call_length_seconds: 185,
  call_name: "Jane Doe",
  ended_at: "2025-03-04T10:15:42.123Z",
  started_at: "2025-03-04T10:12:10.000Z",
  features_used: ["click", "scroll", "remote_cursor"],
  formatted_call_length: "3m 05s",
  formatted_length: "3m 32s",
  length_seconds: 212,
  on_premise: false,
  public_video_url: null,
  video_url: null,
  video_status: null,
  quality_feedback: [{ from: "agent", rating: 5, comment: null, created_at: "2026-11-20T10:04:00.000Z" }],
  agent_notes: "Ticket T-1042: reset the password",
  session_authorized: true,
  source: "api",
  team: { id: "t_1", domain: "shop.example.com", _type: "team" },
  visitor_id: "k3j4h5",
  went_live: true,
  metadata: { ticket: "T-1042", priority: 2, vip: true },
  _type: "session",
};

export const agentExample = {
  id: "u_8fj2kd93",
  agent_nickname: "Ann",
  created_at: "2024-11-02T08:00:00.000Z",
  email: "ann@example.com",
  first_name: "Ann",
  last_name: "Agent",
  name: "Ann Agent",
  from_oauth: false,
  last_request_at: "2025-03-04T10:12:09.512Z",
  live_support: true,
  mfa_enabled: true,
  password: true,
  phone_number: null,
  signup_hours_offset: 1,
  timezone: "Europe/Amsterdam",
  _type: "user",
  sessions: [sessionExample],
};

export const pageviewExample = {
  url: "https://shop.example.com/cart",
  title: "Your cart",
  visited_at: "2025-03-04T10:11:58.000Z",
  referrer: "https://shop.example.com/",
  duration_seconds: 42,
};

export const visitorExample = {
  short_id: "k3j4h5",
  added_at: "2025-03-01T09:00:00.000Z",
  last_seen_at: "2025-03-04T10:15:40.000+01:00",
  api_key: "pk_live_4f8a",
  browser_name: "Firefox",
  device_name: null,
  device_type: "desktop",
  call_name: "Jane Doe",
  email: "jane@example.com",
  identities: ["Jane Doe", "jane@example.com"],
  unique_id: "user-123",
  tags: ["#vip", "#trial-user"],
  integration_ids: ["acmechat:1234"],
  integration: null,
  ip_address: "203.0.113.7",
  location_city: "Utrecht",
  location_country_name: "Netherlands",
  location_country: "NL",
  lookup_code: "4821",
  last_url: "https://shop.example.com/cart",
  is_online: true,
  is_in_session: false,
  is_supported: true,
  is_waiting_for_call: false,
  js_configuration: true,
  history: [pageviewExample, { url: "https://shop.example.com/", title: null, visited_at: "2025-03-04T10:10:00.000Z" }],
  sessions: [sessionExample],
  _type: "visitor",
};

export const usageResponseExample = {
  status: "ok",
  usage: {
    agents: { last_30_days: 12, today: 3 },
    session_counts: { last_30_days: 420, now: 2, today: 17 },
    session_seconds: { last_30_days: 91_200, today: 3_600 },
    visitors: { last_24_hrs: 950, online_now: 41 },
  },
};

export const listVisitorsResponseExample = { status: "ok", visitors: [visitorExample, { short_id: "p9q8r7" }] };
export const visitorResponseExample = { status: "ok", visitor: visitorExample };
export const agentLookupResponseExample = { status: "ok", agent: agentExample };
export const watchUrlResponseExample = {
  status: "ok",
  watch_url: "https://cobrowse.example.com/watch/eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ3bF8xIn0.sig",
  expiration: "2025-03-04T10:17:10.000Z",
};
export const proxySessionResponseExample = { status: "ok", proxy_url: "https://cobrowse.example.com/proxy/px_81jd7" };
export const onpremTokenResponseExample = { authorized: true, token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrM2o0aDUifQ.sig" };
export const onpremWatchUrlResponseExample = { status: "ok", watch_url: "https://cobrowse.internal/watch/eyJhbGciOiJIUzI1NiJ9.e30.sig" };
export const errorEnvelopeExample = { status: "error", error: "invalid_request", message: "agent.id: Required" };
