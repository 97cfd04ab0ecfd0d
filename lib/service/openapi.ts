import { z } from "zod";
import * as contract from "@/lib/contract";

type Schema = z.ZodType;

const json = (schema: Schema, io: "input" | "output" = "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

const errorCodes = {
  400: "Malformed request (`invalid_request`, with a message naming the field)",
  401: "Missing or invalid X-Api-Key (`invalid_api_key`)",
  402: "Payment required",
  404: "Not found",
  409: "Conflict",
  429: "Rate limited (`rate_limited`, with Retry-After)",
} as const;

function responses(ok: Schema | "text", errors: Array<keyof typeof errorCodes>) {
  const result: Record<string, unknown> = {
    200: {
      description: "OK",
      content: ok === "text" ? { "text/plain": { schema: { type: "string", const: "ok" } } } : { "application/json": { schema: json(ok) } },
    },
  };
  for (const status of [401, 429, ...errors] as const) {
    result[status] = { description: errorCodes[status], content: { "application/json": { schema: json(contract.errorEnvelopeSchema) } } };
  }
  return result;
}

function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: "query",
    required: !(field as Schema).safeParse(undefined).success,
    schema: json(field as Schema, "input"),
  }));
}

const visitorId = { name: "visitor_id", in: "path", required: true, schema: { type: "string" }, description: "Short id of the visitor" };
const body = (schema: Schema) => ({ required: true, content: { "application/json": { schema: json(schema, "input") } } });

/** The OpenAPI 3.1 document of the cloud API, generated from the zod contract (never written by hand). */
export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: { title: "Tandem co-browsing API", version: "1.3", description: "Cloud v1.3 API of Tandem's embedded co-browsing service." },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" } } },
    security: [{ apiKey: [] }],
    paths: {
      "/v1.3/usage": { get: { summary: "Retrieve usage", responses: responses(contract.usageResponseSchema, []) } },
      "/v1.3/list": {
        get: {
          summary: "Search or list visitors",
          parameters: queryParameters(contract.listVisitorsQuerySchema as unknown as z.ZodObject),
          responses: responses(contract.listVisitorsResponseSchema, [400]),
        },
      },
      "/v1.3/visitors": {
        delete: {
          summary: "Delete all offline visitors",
          parameters: [{ name: "all", in: "query", required: true, schema: { type: "string", const: "true" } }],
          responses: responses("text", [400]),
        },
      },
      "/v1.3/visitors/{visitor_id}": {
        get: {
          summary: "Retrieve a visitor",
          parameters: [visitorId, ...queryParameters(contract.getVisitorQuerySchema as unknown as z.ZodObject)],
          responses: responses(contract.visitorResponseSchema, [400, 404]),
        },
        delete: { summary: "Delete an offline visitor", parameters: [visitorId], responses: responses("text", [404, 409]) },
      },
      "/v1.3/visitors/{visitor_id}/watch_url": {
        post: {
          summary: "Create a Secure watch link",
          parameters: [visitorId],
          requestBody: body(contract.watchUrlRequestSchema),
          responses: responses(contract.watchUrlResponseSchema, [400, 402, 404]),
        },
      },
      "/v1.3/visitors/{visitor_id}/session": {
        delete: { summary: "Stop the visitor's session", parameters: [visitorId], responses: responses("text", [404]) },
      },
      "/v1.3/agents/lookup": {
        get: {
          summary: "Look up an agent by email or external id",
          parameters: [
            { name: "email", in: "query", required: false, schema: { type: "string" } },
            { name: "external_id", in: "query", required: false, schema: { type: "string" } },
          ],
          responses: responses(contract.agentLookupResponseSchema, [400, 404]),
        },
      },
      "/v1.3/proxy_sessions": {
        post: {
          summary: "Create a proxy session",
          requestBody: body(contract.proxySessionRequestSchema),
          responses: responses(contract.proxySessionResponseSchema, [400, 402]),
        },
      },
      "/v1.3/onpremise/token": {
        post: {
          summary: "Authorize an on-premise session",
          requestBody: body(contract.onpremTokenRequestSchema),
          responses: responses(contract.onpremTokenResponseSchema, [400, 402]),
        },
      },
    },
  };
}
