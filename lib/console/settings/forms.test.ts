import { describe, expect, it } from "vitest";
import { changeRoleForm, linkSettingsForm, teamSettingsForm } from "./forms";

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("the link settings form", () => {
  it("accepts an http(s) webhook URL or none, and reads unchecked boxes as false", () => {
    expect(linkSettingsForm.parse({ webhook_url: " https://hooks.example.com/cobrowse ", allow_console: "on" })).toMatchObject({
      webhook_url: "https://hooks.example.com/cobrowse",
      allow_console: true,
      allow_click: false,
    });
    expect(linkSettingsForm.parse({ webhook_url: "" }).webhook_url).toBe("");
  });

  it("says what to enter for any other URL", () => {
    for (const webhook_url of ["ftp://hooks.example.com", "hooks.example.com", "javascript:alert(1)"]) {
      expect(issues(linkSettingsForm.safeParse({ webhook_url })), webhook_url).toEqual(["webhook_url: Enter an http:// or https:// URL, or leave it empty."]);
    }
  });
});

describe("the team settings form", () => {
  const form = {
    name: "Acme",
    domain: "shop.example.com",
    masking_selectors: ".card\n\n  #ssn  \n",
    embed_origins: "https://support.example.com\n",
    frame_origins: "https://Shop.example.com\nhttps://checkout.example.com:8443\n",
    canvas_capture_enabled: "on",
    url_redacted_params: "token\n  Reset  \n\n",
    max_concurrent_sessions: "7",
    history_enabled: "on",
    recording_link_ttl_hours: "48",
  };

  it("turns the submitted form into a full update: selectors per line, numbers, checkboxes", () => {
    expect(teamSettingsForm.parse(form)).toEqual({
      name: "Acme",
      domain: "shop.example.com",
      masking_selectors: [".card", "#ssn"],
      embed_origins: ["https://support.example.com"],
      frame_origins: ["https://shop.example.com", "https://checkout.example.com:8443"],
      canvas_capture_enabled: true,
      url_redacted_params: ["token", "reset"],
      max_concurrent_sessions: 7,
      history_enabled: true,
      require_authorization: false,
      proxy_enabled: false,
      onprem_licensed: false,
      recording_enabled: false,
      visitor_feedback_enabled: false,
      agent_hears_visitor: false,
      recording_link_ttl_hours: 48,
    });
  });

  it("refuses what the service would refuse", () => {
    expect(issues(teamSettingsForm.safeParse({ ...form, max_concurrent_sessions: "-1" }))).toEqual([expect.stringMatching(/^max_concurrent_sessions: /)]);
    expect(issues(teamSettingsForm.safeParse({ ...form, name: "  " }))).toEqual([expect.stringMatching(/^name: /)]);
    for (const hours of ["0", "721", "1.5", "a day"]) {
      expect(issues(teamSettingsForm.safeParse({ ...form, recording_link_ttl_hours: hours })), hours).toEqual([
        expect.stringMatching(/^recording_link_ttl_hours: /),
      ]);
    }
    expect(issues(teamSettingsForm.safeParse({ ...form, url_redacted_params: "token\nreset token" }))).toEqual([
      "url_redacted_params.1: must be a parameter name (letters, digits, . _ - [ ])",
    ]);
    // A frame origin is where messages come from: a path, a wildcard or a script URL is no origin.
    for (const origin of ["https://shop.example.com/checkout", "https://*.example.com", "javascript:alert(1)", "*"]) {
      expect(issues(teamSettingsForm.safeParse({ ...form, frame_origins: origin })), origin).toEqual([
        "frame_origins.0: must be an origin such as https://support.example.com",
      ]);
    }
  });
});

describe("the role change form", () => {
  it("only takes a known role", () => {
    expect(changeRoleForm.parse({ userId: "cu_1", role: "lead" })).toEqual({ userId: "cu_1", role: "lead" });
    expect(issues(changeRoleForm.safeParse({ userId: "cu_1", role: "owner" }))).toEqual(["role: Choose a role."]);
  });
});
