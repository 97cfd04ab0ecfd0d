"use server";

import { z } from "zod";
import { nonEmptyString } from "@/lib/contract";
import { ActionError, defineAction } from "@/lib/console/action";
import { getDb } from "@/lib/db";
import { findVisitor } from "../visitors/read-visitors";
// The stored records behind the actions, which carry the same names.
import * as helpRequests from "./help-requests";
import * as preferences from "./preferences";
import { isAskingForHelp, waitingVisitor } from "./read-help-queue";

const visitorInput = z.object({ visitorId: nonEmptyString.max(200) });
const byVisitor = (input: { visitorId: string }) => input.visitorId;

/** The signed-in agent takes a waiting visitor; other agents then see it taken. */
export const claimHelpRequest = defineAction({
  role: "agent",
  input: visitorInput,
  audit: { action: "help_request_claimed", target: byVisitor },
  run: async (input, caller) => {
    // The API says whether the visitor still asks: a stale queue must not let anyone claim a gone request.
    const visitor = await findVisitor(input.visitorId);
    if (!visitor || !isAskingForHelp(visitor)) throw new ActionError("This visitor is no longer asking for help.");
    const outcome = await helpRequests.claimHelpRequest(await getDb(), waitingVisitor(visitor), caller.id);
    if (!outcome.ok) throw new ActionError(`${outcome.claimedBy} already took this request.`);
  },
});

/** Hands a taken request back to the queue. */
export const releaseHelpRequest = defineAction({
  role: "agent",
  input: visitorInput,
  audit: { action: "help_request_released", target: byVisitor },
  run: async (input, caller) => {
    if (!(await helpRequests.releaseHelpRequest(await getDb(), input.visitorId, caller.id))) throw new ActionError("You had not taken this request.");
  },
});

/** The signed-in user's own choice: a sound and a notification when a visitor asks for help. */
export const setHelpAlerts = defineAction({
  role: "agent",
  input: z.object({ enabled: z.boolean() }),
  run: async (input, caller) => preferences.setHelpAlerts(await getDb(), caller.id, input.enabled),
});
