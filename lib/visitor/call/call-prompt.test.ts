import { describe, expect, it } from "vitest";
import { callPromptText } from "./visitor-call";

describe("the visitor's call prompt", () => {
  it("says the agent will not hear them while the link mutes them for the agent", () => {
    expect(callPromptText(true, "Sam")).toContain("You will hear Sam; Sam will not hear you until they turn your voice on.");
  });

  it("says both will hear each other when the agent hears the visitor from the start", () => {
    const text = callPromptText(false, "Sam");
    expect(text).toContain("You will hear each other as soon as you accept.");
    expect(text).not.toContain("will not hear you");
  });
});
