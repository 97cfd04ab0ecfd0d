"use client";

import dynamic from "next/dynamic";
import { WebhookSecretLoading } from "./webhook-secret-row";

/**
 * The webhook secret's controls load after the page (few visits reveal or rotate it); until then the
 * same masked row shows, so nothing moves.
 */
export const LazyWebhookSecret = dynamic(() => import("./webhook-secret"), { ssr: false, loading: WebhookSecretLoading });
