"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { httpUrlSchema, nonEmptyString } from "@/lib/contract";
import { proxySessionIdOfLink } from "@/lib/contract/proxy-link";
import { defineAction, type ActionResult } from "@/lib/console/action";
import { coBrowsePermissionsSchema, createCoBrowseLink } from "./co-browse";
// The API calls behind the actions, which carry the same names.
import * as visitorsApi from "./manage-visitors";
import type { PurgeResult } from "./manage-visitors";

const visitorInput = z.object({ visitorId: nonEmptyString.max(200) });
const byVisitor = (input: { visitorId: string }) => input.visitorId;

/**
 * Creates a watch link for the browser to open. It opens it with a full page load, not a redirect from
 * here: Next would follow a same-origin redirect in the console's document, which keeps the console's
 * Content-Security-Policy instead of the watch page's own.
 */
export const startCoBrowse = defineAction({
  role: "agent",
  input: visitorInput.extend({ permissions: coBrowsePermissionsSchema.partial().default({}) }),
  // The watch link itself is a short-lived credential: only the visitor id is audited.
  audit: { action: "co_browse_link_created", target: byVisitor, detail: (input) => ({ visitor_id: input.visitorId }) },
  run: async (input, caller) => ({ watchUrl: await createCoBrowseLink(input.visitorId, input.permissions, caller) }),
});

export const stopSession = defineAction({
  role: "agent",
  input: visitorInput,
  audit: { action: "session_stopped", target: byVisitor },
  run: (input) => visitorsApi.stopVisitorSession(input.visitorId),
  revalidate: (input) => `/visitors/${encodeURIComponent(input.visitorId)}`,
});

const deleteVisitorRecord = defineAction({
  role: "admin",
  input: visitorInput,
  audit: { action: "visitor_deleted", target: byVisitor },
  run: (input) => visitorsApi.deleteVisitor(input.visitorId),
});

/** Deletes a visitor, then goes back to the list with a notice; returns only on failure. */
export async function deleteVisitor(input: z.input<typeof visitorInput>): Promise<ActionResult<never>> {
  const result = await deleteVisitorRecord(input);
  if (!result.ok) return result;
  redirect(`/visitors?deleted=${encodeURIComponent(input.visitorId)}`);
}

const purge = defineAction({
  role: "admin",
  input: z.object({ confirmation: z.string().refine((text) => text === "PURGE", { error: "Type PURGE to confirm." }) }),
  // Action names follow the audit log's vocabulary (lib/console/audit-log/labels.ts).
  audit: { action: "visitors_purged", detail: (_input, result) => (result ? { count: result.removed, at_least: result.atLeast } : {}) },
  run: () => visitorsApi.purgeOfflineVisitors(),
});

export async function purgeOfflineVisitors(input: { confirmation: string }): Promise<ActionResult<PurgeResult>> {
  return purge(input);
}

const optionalUrl = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), httpUrlSchema.optional());

const proxyLinkInput = z.object({
  initialUrl: optionalUrl,
  allowedDomains: z
    .string()
    .max(2000)
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((domain) => domain.trim())
        .filter(Boolean),
    ),
  retryUrl: optionalUrl,
});

const proxyLink = defineAction({
  role: "agent",
  input: proxyLinkInput,
  // The link is a credential: the audit keeps only what was asked for.
  audit: { action: "proxy_link_created", detail: (input) => ({ initial_url: input.initialUrl ?? null, allowed_domains: input.allowedDomains }) },
  run: async (input) => {
    const proxyUrl = await visitorsApi.createProxyLink(input);
    // Tandem's proxy names the session after the link, so the console can find the visitor who opens it; null for links of another form.
    return { proxyUrl, proxySessionId: await proxySessionIdOfLink(proxyUrl) };
  },
});

export async function createProxyLink(input: z.input<typeof proxyLinkInput>): Promise<ActionResult<{ proxyUrl: string; proxySessionId: string | null }>> {
  return proxyLink(input);
}
