import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/contract/endpoints";
import { routingPath } from "./routing-path";

describe("routingPath", () => {
  it("names each parameter of the template as Hono's router does", () => {
    expect(routingPath("/v1.3/visitors/{visitor_id}")).toBe("/v1.3/visitors/:visitor_id");
    expect(routingPath("/live/sessions/{id}/stream")).toBe("/live/sessions/:id/stream");
    expect(routingPath("/service-admin/keys/{keyId}")).toBe("/service-admin/keys/:keyId");
  });

  it("leaves a path without parameters as it is", () => {
    expect(routingPath("/collect/register")).toBe("/collect/register");
  });

  it("gives every declared endpoint a route with no template braces left", () => {
    for (const endpoint of ENDPOINTS) expect(routingPath(endpoint.path)).not.toMatch(/[{}]/);
  });
});
