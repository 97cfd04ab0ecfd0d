import { createHmac } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";

/** The Intercom app's client secret the shared e2e server runs with. */
export const INTERCOM_TEST_SECRET = "e2e-intercom-client-secret-0123456789";

/** Posts a Canvas Kit request as Intercom does: the raw body signed in X-Body-Signature (or `signature` as given). */
export function postCanvas(request: APIRequestContext, path: "initialize" | "submit", body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return request.post(`/integrations/intercom/${path}`, {
    data: raw,
    headers: { "content-type": "application/json", "x-body-signature": signature ?? createHmac("sha256", INTERCOM_TEST_SECRET).update(raw).digest("hex") },
  });
}
