import { describe, expect, it } from "vitest";
import { mapCssUrls } from "./css-urls";

const mark = (url: string) => `P${url}`;

describe("CSS address mapping", () => {
  it("maps url() quoted or not, and @import strings", () => {
    expect(mapCssUrls("a{background:url(x.png)}", mark)).toBe('a{background:url("Px.png")}');
    expect(mapCssUrls("a{background:URL( 'x y.png' ) no-repeat}", mark)).toBe('a{background:url("Px y.png") no-repeat}');
    expect(mapCssUrls('@import "base.css";', mark)).toBe('@import "Pbase.css";');
    expect(mapCssUrls("@import url(base.css) screen;", mark)).toBe('@import url("Pbase.css") screen;');
  });

  it("leaves comments, other strings and names ending in url alone", () => {
    const css = '/* url(no.png) */ a::before{content:"url(no.png)"} b{--myurl(x):1}';
    expect(mapCssUrls(css, mark)).toBe(css);
  });

  it("quotes what it writes so an address cannot end the string", () => {
    expect(mapCssUrls("a{b:url(x)}", () => 'a"b')).toBe('a{b:url("a\\"b")}');
  });
});
