import { describe, expect, expectTypeOf, it } from "vitest";
import { endpointUrl, type BodyArgs, type BodyOfRoute, type DeclarationOf } from "./endpoint-url";
import { cloudEndpoints, collectEndpoints, liveEndpoints } from "./endpoints";
import { collectRoutes } from "./endpoints/collect-routes";
import { liveRoutes } from "./endpoints/live-routes";

describe("endpointUrl", () => {
  it("puts the endpoint's path after the base", () => {
    expect(endpointUrl(collectRoutes.registerVisitor, "https://cobrowse.example.com")).toBe("https://cobrowse.example.com/collect/register");
    expect(endpointUrl(liveRoutes.getRecordingEvents, "")).toBe("/live/recordings/events");
  });

  it("encodes each path parameter as one segment", () => {
    expect(endpointUrl(liveRoutes.openViewerStream, "", { id: "s 1/../?x#y" })).toBe("/live/sessions/s%201%2F..%2F%3Fx%23y/stream");
    expect(endpointUrl(cloudEndpoints.getVisitor, "https://api.example.com", { visitor_id: "ab12" })).toBe("https://api.example.com/v1.3/visitors/ab12");
  });

  it("appends the query, leaving out what is not set", () => {
    expect(endpointUrl(cloudEndpoints.getVisitor, "", { visitor_id: "ab12" }, { with_history: "true" })).toBe("/v1.3/visitors/ab12?with_history=true");
    expect(endpointUrl(cloudEndpoints.listVisitors, "", undefined, { search: "tag:#vip & more", max_results: undefined })).toBe(
      "/v1.3/list?search=tag%3A%23vip%20%26%20more",
    );
    expect(endpointUrl(cloudEndpoints.listVisitors, "")).toBe("/v1.3/list");
  });

  it("refuses a missing path parameter: a type error, and a throw for untyped callers", () => {
    // @ts-expect-error the session's id is required
    expect(() => endpointUrl(liveRoutes.useTool, "")).toThrow(/needs its id/);
    // @ts-expect-error the parameter is named `id`
    expect(() => endpointUrl(liveRoutes.useTool, "", { sessionId: "s1" })).toThrow(/needs its id/);
  });

  it("takes no parameters for a path without any", () => {
    // @ts-expect-error /collect/register has no path parameters
    endpointUrl(collectRoutes.registerVisitor, "", { id: "s1" });
  });
});

describe("the route tables", () => {
  it("hold each declaration's method and path", () => {
    for (const [id, route] of Object.entries(collectRoutes)) expect(collectEndpoints[id as keyof typeof collectEndpoints]).toMatchObject(route);
    for (const [id, route] of Object.entries(liveRoutes)) expect(liveEndpoints[id as keyof typeof liveEndpoints]).toMatchObject(route);
  });

  it("type a route's call by its declaration", () => {
    expectTypeOf<DeclarationOf<typeof liveRoutes.useTool>>().toEqualTypeOf<typeof liveEndpoints.useTool>();
    expectTypeOf<BodyOfRoute<typeof collectRoutes.setHelpRequest>>().toEqualTypeOf<{ waiting: boolean }>();
    expectTypeOf<BodyArgs<typeof collectRoutes.heartbeat>>().toEqualTypeOf<[]>();
    // @ts-expect-error `waiting` is a boolean
    const wrong: BodyArgs<typeof collectRoutes.setHelpRequest> = [{ waiting: "yes" }];
    expect(wrong).toHaveLength(1);
  });
});
