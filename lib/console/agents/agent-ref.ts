/**
 * How an agent page names its agent in the URL: `/agents/email:lead@example.com` for a User,
 * `/agents/external:helpdesk-17` for an External Agent — the two ways the API can look an agent up.
 */
export type AgentRef = { kind: "email"; email: string } | { kind: "external"; externalId: string };

/** The reference as its path segment says it, before encoding: `email:lead@example.com`. */
export function agentRefText(ref: AgentRef): string {
  return ref.kind === "email" ? `email:${ref.email}` : `external:${ref.externalId}`;
}

export function agentRefPath(ref: AgentRef): string {
  // ":" and "@" are allowed in a path segment; keeping them makes the URL readable.
  return `/agents/${encodeURIComponent(agentRefText(ref)).replace(/%3A/gi, ":").replace(/%40/g, "@")}`;
}

/** The reference of a URL segment, or null when it is not one (Next may hand it over encoded or not). */
export function parseAgentRef(segment: string): AgentRef | null {
  let raw = segment;
  if (/%[0-9a-f]{2}/i.test(raw)) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      // Not valid percent-encoding: read it as it is.
    }
  }
  const colon = raw.indexOf(":");
  if (colon < 0) return null;
  const kind = raw.slice(0, colon);
  const value = raw.slice(colon + 1).trim();
  if (value === "") return null;
  if (kind === "email") return value.includes("@") ? { kind: "email", email: value } : null;
  if (kind === "external") return { kind: "external", externalId: value };
  return null;
}

/** "email lead@example.com" / "external id helpdesk-17": how messages name what was looked up. */
export function describeAgentRef(ref: AgentRef): string {
  return ref.kind === "email" ? `email ${ref.email}` : `external id ${ref.externalId}`;
}
