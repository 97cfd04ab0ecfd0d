import { describe, expect, it } from "vitest";
import { inDocumentReference } from "./outgoing-events";

describe("a <use> reference to the page's own sprite", () => {
  const page = "https://shop.example/cart?step=2#top";
  it("through the page's address becomes a reference into the document", () => {
    expect(inDocumentReference("https://shop.example/cart?step=2#star", page, page)).toBe("#star");
    // Under a <base>, a relative address of the page itself.
    expect(inDocumentReference("cart?step=2#star", "https://shop.example/", page)).toBe("#star");
  });

  it("to another document, or already in the document, stays as it was", () => {
    expect(inDocumentReference("https://shop.example/icons.svg#star", page, page)).toBe("https://shop.example/icons.svg#star");
    expect(inDocumentReference("https://shop.example/cart#star", page, page)).toBe("https://shop.example/cart#star");
    expect(inDocumentReference("https://cdn.example/cart?step=2#star", page, page)).toBe("https://cdn.example/cart?step=2#star");
    expect(inDocumentReference("#star", page, page)).toBe("#star");
    expect(inDocumentReference("icons.svg", page, page)).toBe("icons.svg");
  });
});
