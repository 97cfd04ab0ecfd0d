import { describe, expect, it } from "vitest";
import { watchUrlRequestSchema, type WatchUrlRequestInput } from "./index";
import { issuesOf } from "./test-helpers";

const minimal: WatchUrlRequestInput = { agent: { id: "a1", name: "Ann" } };

describe("watchUrlRequestSchema defaults", () => {
  it("fills branding, permissions and options of a minimal request", () => {
    expect(watchUrlRequestSchema.parse(minimal)).toEqual({
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
      // audio_muted left out: the service applies the API's default (muted) unless the team's agents hear the visitor.
      options: {},
    });
  });

  it("fills the missing fields of a partly given object and keeps the given ones", () => {
    const parsed = watchUrlRequestSchema.parse({
      ...minimal,
      branding: { naked: "page_only" },
      permissions: { allow_console: true, allow_click: false },
      options: { audio_muted: false },
    });
    expect(parsed.branding).toEqual({ naked: "page_only", on_end_url: null, retry_url: null });
    expect(parsed.permissions).toMatchObject({ allow_console: true, allow_click: false, allow_draw: true });
    expect(parsed.options.audio_muted).toBe(false);
  });

  it("keeps every optional field when given", () => {
    const full = {
      ...minimal,
      branding: { naked: true, on_end_url: "https://crm.example.com/done", retry_url: "https://shop.example.com/retry" },
      initial_notes: "Ticket T-1042",
      metadata: { ticket: "T-1042", priority: 2, vip: true },
      viewer: { id: "lead-1", name: "Lea Lead" },
      webhook_url: "https://crm.example.com/hooks/cobrowse",
    };
    expect(watchUrlRequestSchema.parse(full)).toMatchObject(full);
  });
});

describe("watchUrlRequestSchema rejections", () => {
  it("requires agent.id", () => {
    const [issue] = issuesOf(watchUrlRequestSchema, { agent: { name: "Ann" } });
    expect(issue.path).toEqual(["agent", "id"]);
  });

  it("requires agent.name to be a string", () => {
    const [issue] = issuesOf(watchUrlRequestSchema, { agent: { id: "a1", name: 42 } });
    expect(issue.path).toEqual(["agent", "name"]);
    expect(issue.message).toContain("expected string");
  });

  it("rejects an empty agent.id", () => {
    expect(issuesOf(watchUrlRequestSchema, { agent: { id: "", name: "Ann" } })[0].path).toEqual(["agent", "id"]);
  });

  it("rejects a naked value other than true, false or page_only", () => {
    const [issue] = issuesOf(watchUrlRequestSchema, { ...minimal, branding: { naked: "yes" } });
    expect(issue.path).toEqual(["branding", "naked"]);
    expect(issue.message).toContain("page_only");
  });

  it("rejects non-http(s) redirect and webhook URLs", () => {
    expect(issuesOf(watchUrlRequestSchema, { ...minimal, branding: { on_end_url: "javascript:alert(1)" } })[0].path).toEqual(["branding", "on_end_url"]);
    expect(issuesOf(watchUrlRequestSchema, { ...minimal, webhook_url: "not a url" })[0].path).toEqual(["webhook_url"]);
  });

  it("rejects a non-boolean permission", () => {
    expect(issuesOf(watchUrlRequestSchema, { ...minimal, permissions: { allow_type: "no" } })[0].path).toEqual(["permissions", "allow_type"]);
  });
});
