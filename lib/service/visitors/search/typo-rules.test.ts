import { describe, expect, it } from "vitest";
import { allowedEdits, editDistance, isTypoOf } from "./typo-rules";

describe("typo rules", () => {
  it("allows no edit below 4 letters, one from 4, two from 8", () => {
    expect(["ann", "jane", "jonson", "kathrin", "kathrine", "bartholomew"].map(allowedEdits)).toEqual([0, 1, 1, 1, 2, 2]);
    expect(allowedEdits("josé")).toBe(1); // letters, not UTF-16 units
  });

  it("counts an inserted, missing or changed letter, or two neighbours swapped, as one edit", () => {
    expect(editDistance("jonson", "johnson", 2)).toBe(1);
    expect(editDistance("johnson", "jonson", 2)).toBe(1);
    expect(editDistance("jane", "jone", 2)).toBe(1);
    expect(editDistance("jnae", "jane", 2)).toBe(1);
    expect(editDistance("ajne", "jane", 2)).toBe(1);
    expect(editDistance("jnea", "jane", 2)).toBe(2);
    expect(editDistance("kathrien", "katherine", 2)).toBe(2);
  });

  it("stops counting past the limit", () => {
    expect(editDistance("jane", "cooper", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("finds a typo within the edits the typed word's length allows, never the word itself", () => {
    expect(isTypoOf("jnae", "jane")).toBe(true);
    expect(isTypoOf("jane", "jane")).toBe(false);
    expect(isTypoOf("ann", "anne")).toBe(false); // 3 letters: exact only
    expect(isTypoOf("jonsn", "johnson")).toBe(false); // 5 letters: one edit, this is two
    expect(isTypoOf("kathrien", "katherine")).toBe(true); // 8 letters: two edits
    expect(isTypoOf("kthrien", "katherine")).toBe(false); // 7 letters: one edit
  });
});
