import { describe, expect, it } from "vitest";
import { readLookupForm } from "./lookup-form";

describe("readLookupForm", () => {
  it("is nothing until the form is sent", () => expect(readLookupForm({})).toBeNull());
  it("turns an email or an external id into a reference", () => {
    expect(readLookupForm({ by: "email", q: "  lead@example.com " })).toEqual({ ref: { kind: "email", email: "lead@example.com" } });
    expect(readLookupForm({ by: "external", q: "helpdesk-17" })).toEqual({ ref: { kind: "external", externalId: "helpdesk-17" } });
  });
  it("says what is wrong with the input", () => {
    expect(readLookupForm({ by: "email", q: "" })).toEqual({ error: "Enter the agent’s email address.", by: "email", query: "" });
    expect(readLookupForm({ by: "email", q: "lead" })).toMatchObject({ error: "Enter an email address like name@example.com." });
    expect(readLookupForm({ by: "external", q: ["a", "b"] })).toMatchObject({ error: "Enter the agent’s external id." });
  });
});
