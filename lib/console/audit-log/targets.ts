import "server-only";
import { isApiError } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { listConsoleMembers } from "@/lib/console/agents/console-users";
import { serviceAdmin } from "@/lib/console/settings/service-admin";
import { mapWithConcurrency } from "@/lib/console/usage/concurrency";
import { visitorDisplayName } from "@/lib/console/visitors/visitor-name";
import { sessionPath } from "@/lib/console/sessions/session-people";
import type { Db } from "@/lib/db";
import type { AuditEvent } from "./query";

/** What an entry acted on, in words, and where it can be opened. */
export interface TargetName {
  text: string;
  href?: string;
}

/** Targets that are a word of the console's own. */
const WORDS: Record<string, string> = { console: "Co-browse link settings", team: "Team settings", webhook_secret: "Webhook secret" };
/** Actions whose target is a visitor's id. */
const ON_VISITOR = new Set(["co_browse_link_created", "session_stopped", "visitor_deleted", "help_request_claimed", "help_request_released"]);

type Entry = Pick<AuditEvent, "action" | "target" | "detail">;
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The visitor an entry is about: its target, or the visitor of the session it is about. */
function visitorOf(entry: Entry): string | null {
  if (entry.target && ON_VISITOR.has(entry.action)) return entry.target;
  return text(entry.detail.visitor_id);
}

const isSession = (entry: Entry) =>
  entry.target !== null && entry.target === (text(entry.detail.session_id) ?? (entry.target.startsWith("s_") ? entry.target : null));

/** Each visitor's name, from the API; a visitor it no longer has is "a deleted visitor". */
async function visitorNames(ids: string[]): Promise<Map<string, string>> {
  const names = await mapWithConcurrency(ids, 4, async (id) => {
    try {
      return visitorDisplayName(await apiConnection().cloud.getVisitor(id));
    } catch (error) {
      if (isApiError(error) && error.kind === "not_found") return "A deleted visitor";
      if (isApiError(error)) return "A visitor";
      throw error;
    }
  });
  return new Map(ids.map((id, index) => [id, names[index]]));
}

async function keyNames(): Promise<Map<string, string>> {
  const admin = serviceAdmin();
  const keys = admin ? await admin.listKeys().catch(() => []) : [];
  return new Map(keys.map((key) => [key.id, `API key “${key.name}”`]));
}

/**
 * The targets of a page of the audit log named for people: console users by name, visitors by the name
 * they gave (a session by its visitor), API keys by name, the console's settings in words. What none of
 * these names is shown as written (an API key's name, an email).
 */
export async function auditTargetNames(db: Db, entries: Entry[]): Promise<Map<Entry, TargetName>> {
  const visitorIds = [...new Set(entries.flatMap((entry) => (entry.target ? (visitorOf(entry) ?? []) : [])))];
  const [members, visitors, keys] = await Promise.all([
    listConsoleMembers(db),
    visitorNames(visitorIds),
    entries.some((entry) => entry.action === "api_key_revoked") ? keyNames() : new Map<string, string>(),
  ]);
  const people = new Map(
    members.flatMap(
      (member) =>
        [
          [member.id, member],
          [member.email, member],
        ] as const,
    ),
  );
  const named = new Map<Entry, TargetName>();
  for (const entry of entries) {
    const target = entry.target;
    if (!target) continue;
    const person = people.get(target) ?? people.get(target.toLowerCase());
    const visitorId = visitorOf(entry);
    const visitor = visitorId ? (visitors.get(visitorId) ?? "A visitor") : null;
    if (WORDS[target]) named.set(entry, { text: WORDS[target] });
    else if (person) named.set(entry, { text: `${person.name} (${person.email})` });
    else if (isSession(entry)) named.set(entry, { text: visitor ? `Session with ${visitor}` : "A session", href: sessionPath(target) });
    else if (visitor && visitorId) named.set(entry, { text: visitor, href: `/visitors/${encodeURIComponent(visitorId)}` });
    else if (entry.action === "api_key_revoked") named.set(entry, { text: keys.get(target) ?? "An API key" });
    else named.set(entry, { text: target });
  }
  return named;
}
