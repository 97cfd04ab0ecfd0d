import { describe, expect, it } from "vitest";
import { auditCsvHeader, auditCsvLines } from "./csv";
import { formatDetail, safeDetail } from "./detail";
import { auditFiltersQuery, parseAuditFilters } from "./filters";
import { actionLabel } from "./labels";
import type { AuditEvent } from "./query";

describe("audit labels", () => {
  it("labels known actions by outcome and humanizes unknown ones", () => {
    expect(actionLabel("sign_in")).toBe("Signed in");
    expect(actionLabel("sign_in", "failure")).toBe("Sign-in failed");
    expect(actionLabel("co_browse_link_created")).toBe("Co-browse link created");
    expect(actionLabel("widget_polished")).toBe("Widget polished");
    expect(actionLabel("widget_polished", "failure")).toBe("Widget polished (failed)");
  });
});

describe("audit detail", () => {
  it("drops keys named like secrets at any depth", () => {
    const detail = {
      name: "CI",
      prefix: "sk_ab",
      secret: "x",
      apiKey: "y",
      nested: { password: "p", token: "t", kept: 1 },
      list: [{ webhook_secret: "w", ok: true }],
    };
    expect(safeDetail(detail)).toEqual({ name: "CI", prefix: "sk_ab", nested: { kept: 1 }, list: [{ ok: true }] });
    expect(formatDetail(detail)).toBe('name=CI, prefix=sk_ab, nested={"kept":1}, list=[{"ok":true}]');
    expect(formatDetail({})).toBe("");
  });
});

describe("audit filters", () => {
  it("keeps valid filters and drops invalid ones instead of failing the page", () => {
    expect(parseAuditFilters({ action: "sign_in", actor: " ann@", outcome: "failure", from: "2026-11-01", to: "2026-11-23", page: "2" })).toEqual({
      action: "sign_in",
      actor: "ann@",
      outcome: "failure",
      from: "2026-11-01",
      to: "2026-11-23",
      page: 2,
    });
    expect(parseAuditFilters(new URLSearchParams("outcome=maybe&from=yesterday&page=-1&action="))).toEqual({});
    expect(auditFiltersQuery({ action: "sign_in", page: 3 })).toBe("?action=sign_in&page=3");
    expect(auditFiltersQuery({})).toBe("");
  });
});

describe("audit CSV", () => {
  const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
    id: 1,
    at: new Date("2026-11-23T08:00:00.000Z"),
    actorId: "cu_1",
    actorEmail: "ann@example.com",
    action: "api_key_created",
    outcome: "success",
    target: "CI",
    detail: { name: "CI, prod", prefix: "sk_ab", secret: "never" },
    ip: "203.0.113.7",
    ...overrides,
  });

  it("writes one quoted row per event with the label, and no secret", () => {
    expect(auditCsvHeader()).toBe("time_utc,actor_email,actor,action,action_label,outcome,target,ip,detail\r\n");
    expect(auditCsvLines([event({})])).toBe(
      '2026-11-23T08:00:00.000Z,ann@example.com,ann@example.com,api_key_created,API key created,success,CI,203.0.113.7,"name=CI, prod, prefix=sk_ab"\r\n',
    );
  });

  it("neutralizes cells a spreadsheet would run as formulas", () => {
    const line = auditCsvLines([event({ actorEmail: "-2+3+cmd@evil.example", target: "=cmd()", ip: null, detail: {} })]);
    expect(line).toBe("2026-11-23T08:00:00.000Z,'-2+3+cmd@evil.example,'-2+3+cmd@evil.example,api_key_created,API key created,success,'=cmd(),,\r\n");
    expect(auditCsvLines([])).toBe("");
  });

  it("names an API key's calls by the key's name, which the detail column leaves out", () => {
    const line = auditCsvLines([event({ actorId: "api_key:k_1", actorEmail: null, action: "mcp.click", detail: { api_key: "Shop assistant", team: "t_1" } })]);
    expect(line).toContain(",API key “Shop assistant”,mcp.click,");
    expect(line).not.toContain("api_key=");
  });
});
