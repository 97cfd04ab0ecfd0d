import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { SECURITY_SCHEMES, type Group } from "./endpoint";
import { API_DOCUMENTS, ENDPOINTS, type ApiDocumentName } from "./endpoints";

/** An OpenAPI 3.1 document of the registry's endpoints of one API: generated, never written by hand. */
export function openApiDocument(name: ApiDocumentName, serverUrl: string) {
  const { title, version, description, groups } = API_DOCUMENTS[name];
  const registry = new OpenAPIRegistry();
  for (const [schemeName, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent("securitySchemes", schemeName, scheme);
  for (const endpoint of ENDPOINTS) if ((groups as readonly Group[]).includes(endpoint.group)) registry.registerPath(endpoint.route);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title, version, description },
    servers: [{ url: serverUrl }],
  });
}
