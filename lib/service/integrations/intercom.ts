import "server-only";
import {
  watchUrlRequestSchema,
  type CanvasComponent,
  type CanvasResponse,
  type IntercomInitializeRequest,
  type IntercomSubmitRequest,
  type Visitor,
} from "@/lib/contract";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { createWatchLink } from "../sessions/watch-links";
import type { Team } from "../teams/team";
import { listVisitors } from "../visitors/read";

/** Buttons of the canvas: one per visitor, named by this prefix and the visitor's id. */
const COBROWSE = "cobrowse:";
const REFRESH = "refresh";
const MAX_VISITORS = 5;

const canvas = (components: CanvasComponent[]): CanvasResponse => ({ canvas: { content: { components } } });

type Contact = IntercomInitializeRequest["contact"];

/**
 * The conversation contact's visitors, newest first: by the contact's email (a visitor whose email,
 * identities or unique id hold it) and by its external id (the visitor's unique id), through the search
 * grammar of the API. A value the grammar would read as more than one term finds nothing.
 */
async function contactVisitors(db: Db, team: Team, contact: Contact): Promise<Visitor[]> {
  const terms = [contact?.email, contact?.external_id ? `id:${contact.external_id}` : null].filter(
    (term): term is string => typeof term === "string" && /^[^\s"]{1,200}$/.test(term),
  );
  const found = new Map<string, Visitor>();
  for (const search of terms) for (const visitor of await listVisitors(db, team, { search, maxResults: MAX_VISITORS })) found.set(visitor.short_id, visitor);
  return [...found.values()].sort((a, b) => Number(b.is_online ?? false) - Number(a.is_online ?? false)).slice(0, MAX_VISITORS);
}

function visitorLabel(visitor: Visitor): string {
  return visitor.call_name || visitor.email || visitor.unique_id || `Visitor ${visitor.short_id}`;
}

/** The first canvas: the contact's visitors, Online or Offline, each with its Co-browse button. */
export async function initializeCanvas(db: Db, team: Team, request: IntercomInitializeRequest): Promise<CanvasResponse> {
  const contact = request.contact ?? request.customer;
  const visitors = await contactVisitors(db, team, contact);
  if (!visitors.length) {
    return canvas([
      { type: "text", text: "Co-browse", style: "header" },
      { type: "text", text: "No visitor of your site matches this contact's email or user id yet.", style: "muted" },
      { type: "button", id: REFRESH, label: "Look again", style: "secondary", action: { type: "submit" } },
    ]);
  }
  const components: CanvasComponent[] = [{ type: "text", text: "Co-browse", style: "header" }];
  for (const visitor of visitors) {
    components.push(
      {
        type: "list",
        items: [
          {
            type: "item",
            id: `visitor:${visitor.short_id}`,
            title: visitorLabel(visitor),
            subtitle: visitor.is_online ? "Online" : "Offline",
            ...(visitor.last_url ? { tertiary_text: visitor.last_url } : {}),
          },
        ],
      },
      {
        type: "button",
        id: `${COBROWSE}${visitor.short_id}`,
        label: "Co-browse",
        style: visitor.is_online ? "primary" : "secondary",
        disabled: !visitor.is_online,
        action: { type: "submit" },
      },
    );
  }
  return canvas(components);
}

/**
 * A pressed button. Co-browse makes a Secure watch link for the teammate (the agent, by Intercom admin
 * id) and answers a canvas whose button opens it: the link starts the session when the teammate opens it.
 */
export async function submitCanvas(db: Db, team: Team, request: IntercomSubmitRequest): Promise<CanvasResponse> {
  if (!request.component_id.startsWith(COBROWSE)) return initializeCanvas(db, team, request);
  const visitorId = request.component_id.slice(COBROWSE.length);
  // Only a visitor of this contact: a forged component id cannot open any other visitor of the team.
  const visitors = await contactVisitors(db, team, request.contact ?? request.customer);
  if (!visitors.some((visitor) => visitor.short_id === visitorId)) throw new ServiceError("visitor_not_found", "This visitor is not one of the contact's.");
  const admin = request.admin;
  const agent = { id: `intercom:${admin?.id ?? "teammate"}`, name: admin?.name || admin?.email || "Intercom teammate" };
  const link = await createWatchLink(db, team, visitorId, watchUrlRequestSchema.parse({ agent }));
  return canvas([
    { type: "text", text: "Co-browse", style: "header" },
    { type: "text", text: "The session is ready: open it within a few minutes. The visitor is asked to accept first.", style: "paragraph" },
    { type: "button", id: "open", label: "Open the live session", style: "primary", action: { type: "url", url: link.watch_url } },
    { type: "button", id: REFRESH, label: "Back", style: "secondary", action: { type: "submit" } },
  ]);
}
