import { describe, expect, it } from "vitest";
import { actorName } from "./actor";

describe("actorName", () => {
  it("names a console user by email, then the API key, agent or visitor the service recorded, else nobody (the system)", () => {
    expect(actorName({ actorId: "u_1", actorEmail: "ann@example.com", detail: {} })).toBe("ann@example.com");
    expect(actorName({ actorId: "api_key:k_1", actorEmail: null, detail: { api_key: "Console" } })).toBe("API key “Console”");
    expect(actorName({ actorId: "agent:ea_1", actorEmail: null, detail: { agent: "Sam Carter" } })).toBe("Agent Sam Carter");
    expect(actorName({ actorId: "visitor:K7QX2MPA", actorEmail: null, detail: {} })).toBe("Visitor K7QX2MPA");
    expect(actorName({ actorId: null, actorEmail: null, detail: { reason: "agent_left" } })).toBeNull();
  });
});
