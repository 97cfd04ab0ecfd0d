import { describe, expect, it } from "vitest";
import { mapSrcset } from "./srcset";

const upper = (url: string) => `[${url}]`;

describe("srcset mapping", () => {
  it("maps each candidate's address and keeps its descriptor", () => {
    expect(mapSrcset("a.png 1x, /b.png 2x", upper)).toBe("[a.png] 1x, [/b.png] 2x");
    expect(mapSrcset("a.png 100w,b.png 200w", upper)).toBe("[a.png] 100w, [b.png] 200w");
  });

  it("keeps the commas inside a data: address and ends a candidate on its trailing comma", () => {
    expect(mapSrcset("data:image/png;base64,AA== 1x, b.png,, c.png 2x", upper)).toBe("[data:image/png;base64,AA==] 1x, [b.png], [c.png] 2x");
  });

  it("treats a comma inside parentheses as part of the descriptor", () => {
    expect(mapSrcset("a.png (x, y) 1x, b.png", upper)).toBe("[a.png] (x, y) 1x, [b.png]");
  });
});
