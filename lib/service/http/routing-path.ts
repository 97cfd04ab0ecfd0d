/**
 * The Hono route of a declared endpoint's path: its template names parameters as OpenAPI does
 * (`/v1.3/visitors/{visitor_id}`), Hono's router as `:visitor_id`.
 */
export function routingPath(pathTemplate: string): string {
  return pathTemplate.replace(/\/\{([^/{}]+)\}/g, "/:$1");
}
