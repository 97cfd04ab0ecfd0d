import { createHmac } from "node:crypto";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // as the service's other visitor ids

let key: Buffer | undefined;
const digest = (purpose: string, teamId: string, registrationKey: string) => {
  key ??= createHmac("sha256", loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET))
    .update("visitor registration")
    .digest();
  return createHmac("sha256", key).update(`${purpose}\n${teamId}\n${registrationKey}`).digest();
};

/**
 * The visitor id and token a new visitor's registration gets from the script's random key for it: the
 * same registration sent again (its answer lost to a node's death or a timeout) finds the visitor the
 * first one made instead of making another. Keyed with the service's secret: neither the id (which agents
 * and the API see) nor anyone without the script's key can give the token.
 */
export function registrationIdentity(teamId: string, registrationKey: string): { visitorId: string; token: string } {
  const id = digest("id", teamId, registrationKey);
  const visitorId = Array.from(id.subarray(0, 8), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return { visitorId, token: `vt_${digest("token", teamId, registrationKey).subarray(0, 24).toString("base64url")}` };
}
