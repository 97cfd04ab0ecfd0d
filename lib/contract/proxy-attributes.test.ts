import { describe, expect, it } from "vitest";
import { ADDRESS_ATTRIBUTE_NAMES, addressAttribute, addressAttributesOf, mapAddressList } from "./proxy-attributes";

describe("the proxy's address attributes", () => {
  it("names how each attribute holds addresses, on HTML and SVG elements alike", () => {
    expect(addressAttribute("a", "href")).toBe("address");
    expect(addressAttribute("use", "xlink:href")).toBe("address");
    expect(addressAttribute("script", "href")).toBe("address"); // SVG's script
    expect(addressAttribute("feImage", "HREF")).toBe("address");
    expect(addressAttribute("td", "background")).toBe("address");
    expect(addressAttribute("img", "longdesc")).toBe("address");
    expect(addressAttribute("q", "cite")).toBe("address");
    expect(addressAttribute("link", "imagesrcset")).toBe("srcset");
    expect(addressAttribute("source", "srcset")).toBe("srcset");
    expect(addressAttribute("a", "ping")).toBe("list");
    expect(addressAttribute("div", "src")).toBeNull();
    expect(addressAttribute("div", "ping")).toBeNull();
    expect(addressAttribute("img", "alt")).toBeNull();
  });

  it("lists an element's attributes and every name the runtime watches", () => {
    expect(addressAttributesOf("IMG")).toEqual(expect.arrayContaining(["href", "src", "longdesc", "srcset"]));
    expect(addressAttributesOf("area")).toContain("ping");
    expect([...ADDRESS_ATTRIBUTE_NAMES].sort()).toEqual(
      ["action", "background", "cite", "data", "formaction", "href", "imagesrcset", "longdesc", "ping", "poster", "src", "srcset", "xlink:href"].sort(),
    );
  });

  it("maps each address of a list, whatever spaces separate them", () => {
    expect(mapAddressList(" /a\t/b\n/c ", (address) => `[${address}]`)).toBe("[/a] [/b] [/c]");
    expect(mapAddressList("", (address) => `[${address}]`)).toBe("");
  });
});
