import { describe, expect, it } from "vitest";
import { agentRefPath, describeAgentRef, parseAgentRef } from "./agent-ref";

describe("agent references in the URL", () => {
  it("keeps ':' and '@' readable and escapes the rest", () => {
    expect(agentRefPath({ kind: "email", email: "lead@example.com" })).toBe("/agents/email:lead@example.com");
    expect(agentRefPath({ kind: "external", externalId: "helpdesk-17" })).toBe("/agents/external:helpdesk-17");
    expect(agentRefPath({ kind: "external", externalId: "desk/7 #a" })).toBe("/agents/external:desk%2F7%20%23a");
  });

  it("reads a segment back, encoded or not", () => {
    expect(parseAgentRef("email:lead@example.com")).toEqual({ kind: "email", email: "lead@example.com" });
    expect(parseAgentRef("email%3Alead%40example.com")).toEqual({ kind: "email", email: "lead@example.com" });
    expect(parseAgentRef("external:desk%2F7%20%23a")).toEqual({ kind: "external", externalId: "desk/7 #a" });
    expect(parseAgentRef("external:a:b")).toEqual({ kind: "external", externalId: "a:b" });
  });

  it("round-trips", () => {
    for (const ref of [{ kind: "email", email: "o'neil+x@example.com" } as const, { kind: "external", externalId: "üñí/çø?de" } as const]) {
      expect(parseAgentRef(agentRefPath(ref).slice("/agents/".length))).toEqual(ref);
    }
  });

  it("refuses what is not a reference", () => {
    expect(parseAgentRef("lead@example.com")).toBeNull();
    expect(parseAgentRef("email:")).toBeNull();
    expect(parseAgentRef("email:not-an-email")).toBeNull();
    expect(parseAgentRef("phone:123")).toBeNull();
    expect(parseAgentRef("external:%E0%A4%A")).toEqual({ kind: "external", externalId: "%E0%A4%A" });
  });

  it("names what was looked up", () => {
    expect(describeAgentRef({ kind: "email", email: "a@b.c" })).toBe("email a@b.c");
    expect(describeAgentRef({ kind: "external", externalId: "x" })).toBe("external id x");
  });
});
