import { z } from "zod";

/** An OpenAPI document, as the service serves its own. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** What each API's endpoint serving its own document declares besides its route. */
export const THIS_DOCUMENT = { auth: "none", summary: "This document", ok: { json: openApiDocumentSchema } } as const;
