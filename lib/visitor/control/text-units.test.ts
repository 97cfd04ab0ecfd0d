import { describe, expect, it } from "vitest";
import { lineAt, wordAt } from "./text-units";

const slice = (text: string, [start, end]: [number, number]) => text.slice(start, end);

describe("wordAt", () => {
  it("takes the whole word an offset touches, from its start, middle or end", () => {
    const text = "hello brave world";
    expect(slice(text, wordAt(text, 6))).toBe("brave");
    expect(slice(text, wordAt(text, 8))).toBe("brave");
    expect(slice(text, wordAt(text, 11))).toBe("brave");
    expect(slice(text, wordAt(text, 0))).toBe("hello");
    expect(slice(text, wordAt(text, text.length))).toBe("world");
  });

  it("keeps accented letters, digits and underscores in the word, and stops at signs", () => {
    const text = "José's order_42, please";
    expect(slice(text, wordAt(text, 2))).toBe("José");
    expect(slice(text, wordAt(text, 9))).toBe("order_42");
  });

  it("takes one character between two non-word characters", () => {
    expect(slice("a  -  b", wordAt("a  -  b", 3))).toBe("-");
    expect(wordAt("", 0)).toEqual([0, 0]);
  });
});

describe("lineAt", () => {
  it("takes the line around an offset, without its break", () => {
    const text = "first line\nsecond line\nthird";
    expect(slice(text, lineAt(text, 3))).toBe("first line");
    expect(slice(text, lineAt(text, 11))).toBe("second line");
    expect(slice(text, lineAt(text, 22))).toBe("second line");
    expect(slice(text, lineAt(text, text.length))).toBe("third");
  });
});
