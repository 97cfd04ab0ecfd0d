import { describe, expect, it } from "vitest";
import { onpremSearchQuerySchema, onpremTokenRequestSchema, onpremWatchUrlRequestSchema } from "./index";
import { issuesOf } from "./test-helpers";

describe("onpremTokenRequestSchema", () => {
  it("accepts visitor_id and agent", () => {
    const request = { visitor_id: "k3j4h5", agent: { id: "a1", name: "Ann" } };
    expect(onpremTokenRequestSchema.parse(request)).toEqual(request);
  });

  it("requires agent.name", () => {
    expect(issuesOf(onpremTokenRequestSchema, { visitor_id: "k3j4h5", agent: { id: "a1" } })[0].path).toEqual(["agent", "name"]);
  });
});

describe("onpremWatchUrlRequestSchema", () => {
  it("applies the cloud defaults and leaves out the cloud-only fields", () => {
    const parsed = onpremWatchUrlRequestSchema.parse({
      licenseToken: "tok",
      agent: { id: "a1", name: "Ann" },
      webhook_url: "https://crm.example.com/hook",
    });
    expect(parsed).toEqual({
      licenseToken: "tok",
      agent: { id: "a1", name: "Ann" },
      branding: { naked: false, on_end_url: null, retry_url: null },
      permissions: {
        allow_agent_redirect: true,
        allow_audio: true,
        allow_click: true,
        allow_console: false,
        allow_draw: true,
        allow_scroll: true,
        allow_type: true,
      },
    });
  });

  it("requires licenseToken and keeps the flat-metadata rule", () => {
    expect(issuesOf(onpremWatchUrlRequestSchema, { agent: { id: "a1", name: "Ann" } })[0].path).toEqual(["licenseToken"]);
    const [issue] = issuesOf(onpremWatchUrlRequestSchema, { licenseToken: "t", agent: { id: "a1", name: "Ann" }, metadata: { a: [1] } });
    expect(issue.path).toEqual(["metadata", "a"]);
  });
});

describe("onpremSearchQuerySchema", () => {
  it("takes an optional q", () => {
    expect(onpremSearchQuerySchema.parse({})).toEqual({});
    expect(onpremSearchQuerySchema.parse({ q: "#vip online" })).toEqual({ q: "#vip online" });
  });
});
