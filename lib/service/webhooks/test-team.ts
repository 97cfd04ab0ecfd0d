import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { newId } from "../core/ids";
import { teams } from "../core/schema";

/** Test-only: a team row with a real `whsec_` secret. */
export async function insertWebhookTeam(db: Db) {
  const id = newId("t_", 12);
  const webhookSecret = `whsec_${randomBytes(32).toString("base64")}`;
  await db.insert(teams).values({ id, name: `Team ${id}`, domain: "shop.example.com", publicKey: newId("pk_", 20), webhookSecret });
  return { id, webhookSecret };
}
