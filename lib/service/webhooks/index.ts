export { assertPublicUrl, isPublicAddress, UnsafeUrlError, type Resolver, type VettedAddress, type VettedTarget } from "../outbound/address-guard";
export { deliverDueWebhooks, enqueueWebhook, LEASE_MS, REQUEST_TIMEOUT_MS, USER_AGENT, type DeliverOptions, type DeliveryRun } from "./outbox";
export { postWebhook, type Sender, type WebhookRequest, type WebhookResponse } from "./post";
export { nextAttemptAt, RETRY_DELAYS_MS } from "./schedule";
export { secretKey, signatureHeaders, signWebhook, verifySignature, type SignatureHeaders } from "./sign";
export { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from "./worker";
