import { openApiDocument } from "@/lib/service/openapi";
import { publicBaseUrl } from "@/lib/service/signing";

/** The OpenAPI 3.1 document of the v1.3 API, generated from the contract. Public: it holds no secret. */
export function GET() {
  return Response.json(openApiDocument(publicBaseUrl()));
}
