"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { httpUrlSchema, nonEmptyString } from "@/lib/contract";
import { proxySessionIdOfLink } from "@/lib/contract/proxy-link";
import { defineAction, type ActionResult } from "@/lib/console/action";
import { coBrowsePermissionsSchema, createCoBrowseLink } from "./co-browse";
import { createProxyLink, deleteVisitor, purgeOfflineVisitors, stopVisitorSession, type PurgeResult } from "./manage-visitors";

const visitorInput = z.object({ visitorId: nonEmptyString.max(200) });
const byVisitor = (input: { visitorId: string }) => input.visitorId;

const coBrowse = defineAction({
  role: "agent",
  input: visitorInput.extend({ permissions: coBrowsePermissionsSchema.partial().default({}) }),
  // The watch link itself is a short-lived credential: only the visitor id is audited.
  audit: { action: "co_browse_link_created", target: byVisitor, detail: (input) => ({ visitor_id: input.visitorId }) },
  run: async (input, caller) => ({ watchUrl: await createCoBrowseLink(input.visitorId, input.permissions, caller) }),
});

/** Creates a watch link and sends the browser to it; returns only when it could not. */
export async function coBrowseAction(input: z.input<typeof visitorInput> & { permissions?: Record<string, boolean> }): Promise<ActionResult<never>> {
  const result = await coBrowse(input);
  if (!result.ok) return result;
  redirect(result.data.watchUrl);
}

const stopSession = defineAction({
  role: "agent",
  input: visitorInput,
  audit: { action: "session_stopped", target: byVisitor },
  run: (input) => stopVisitorSession(input.visitorId),
});

export async function stopSessionAction(input: z.input<typeof visitorInput>): Promise<ActionResult<void>> {
  const result = await stopSession(input);
  if (result.ok) revalidatePath(`/visitors/${encodeURIComponent(input.visitorId)}`);
  return result;
}

const removeVisitor = defineAction({
  role: "admin",
  input: visitorInput,
  audit: { action: "visitor_deleted", target: byVisitor },
  run: (input) => deleteVisitor(input.visitorId),
});

/** Deletes a visitor, then goes back to the list with a notice; returns only on failure. */
export async function deleteVisitorAction(input: z.input<typeof visitorInput>): Promise<ActionResult<never>> {
  const result = await removeVisitor(input);
  if (!result.ok) return result;
  redirect(`/visitors?deleted=${encodeURIComponent(input.visitorId)}`);
}

const purge = defineAction({
  role: "admin",
  input: z.object({ confirmation: z.string().refine((text) => text === "PURGE", { error: "Type PURGE to confirm." }) }),
  // Action names follow the audit log's vocabulary (lib/console/audit-log/labels.ts).
  audit: { action: "visitors_purged", detail: (_input, result) => (result ? { count: result.removed, at_least: result.atLeast } : {}) },
  run: () => purgeOfflineVisitors(),
});

export async function purgeOfflineVisitorsAction(input: { confirmation: string }): Promise<ActionResult<PurgeResult>> {
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
    const proxyUrl = await createProxyLink(input);
    // Tandem's proxy names the session after the link, so the console can find the visitor who opens it; null for links of another form.
    return { proxyUrl, proxySessionId: await proxySessionIdOfLink(proxyUrl) };
  },
});

export async function createProxyLinkAction(input: z.input<typeof proxyLinkInput>): Promise<ActionResult<{ proxyUrl: string; proxySessionId: string | null }>> {
  return proxyLink(input);
}
