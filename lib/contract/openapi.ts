import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { AUTH, SECURITY_SCHEMES, type Endpoint, type Group, type Ok } from "./endpoint";
import { API_DOCUMENTS, ENDPOINTS, type ApiDocumentName } from "./endpoints";
import { ERROR_STATUS, errorEnvelopeSchema, type ErrorCode } from "./errors";

function okResponse(ok: Ok) {
  if ("json" in ok) return { description: "OK", content: { "application/json": { schema: ok.json } } };
  if ("text" in ok) return { description: "The plain text `ok`", content: { "text/plain": { schema: z.literal("ok") } } };
  return { description: "Server-Sent Events: one `data:` line of JSON per message", content: { "text/event-stream": { schema: ok.events } } };
}

function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      status,
      { description: statusCodes.map((code) => `\`${code}\``).join(", "), content: { "application/json": { schema: errorEnvelopeSchema } } },
    ]),
  );
}

/** The OpenAPI operation of a declared endpoint: built here only, where the documents are generated. */
export function openApiRoute(endpoint: Endpoint): RouteConfig {
  return {
    method: endpoint.method,
    path: endpoint.path,
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.group],
    security: [...AUTH[endpoint.auth].security],
    request: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.body ? { body: { required: true, content: { "application/json": { schema: endpoint.body } } } } : {}),
    },
    responses: { 200: okResponse(endpoint.ok), ...errorResponses(endpoint.errors) },
  };
}

/** An OpenAPI 3.1 document of the registry's endpoints of one API: generated, never written by hand. */
export function openApiDocument(name: ApiDocumentName, serverUrl: string) {
  const { title, version, description, groups } = API_DOCUMENTS[name];
  const registry = new OpenAPIRegistry();
  for (const [schemeName, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent("securitySchemes", schemeName, scheme);
  for (const endpoint of ENDPOINTS) if ((groups as readonly Group[]).includes(endpoint.group)) registry.registerPath(openApiRoute(endpoint));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title, version, description },
    servers: [{ url: serverUrl }],
  });
}
