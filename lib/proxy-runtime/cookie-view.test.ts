import { describe, expect, it } from "vitest";
import { CookieView } from "./cookie-view";

const page = new URL("https://shop.example/account/orders");

describe("document.cookie on a proxied page", () => {
  it("shows the jar's cookies and a write at once", () => {
    const view = new CookieView("theme=dark; lang=en");
    expect(view.write("cart=3; path=/", page)).toBe("set");
    expect(view.toString()).toBe("theme=dark; lang=en; cart=3");
    expect(view.write("theme=light", page)).toBe("set");
    expect(view.toString()).toBe("theme=light; lang=en; cart=3");
  });

  it("deletes on an expiry in the past or Max-Age 0; Max-Age wins over Expires", () => {
    const view = new CookieView("a=1; b=2; c=3");
    expect(view.write("a=; expires=Thu, 01 Jan 1970 00:00:00 GMT", page)).toBe("deleted");
    expect(view.write("b=; max-age=0", page)).toBe("deleted");
    expect(view.write("c=4; max-age=60; expires=Thu, 01 Jan 1970 00:00:00 GMT", page)).toBe("set");
    expect(view.toString()).toBe("c=4");
  });

  it("refuses what a browser would: HttpOnly, Secure on http, another site's domain, oversized", () => {
    const view = new CookieView("");
    expect(view.write("s=1; HttpOnly", page)).toBe("refused");
    expect(view.write("s=1; Secure", new URL("http://shop.example/"))).toBe("refused");
    expect(view.write("s=1; domain=bank.example", page)).toBe("refused");
    expect(view.write(`s=${"x".repeat(5000)}`, page)).toBe("refused");
    expect(view.write("s=1; domain=.shop.example; Secure", page)).toBe("set");
    expect(view.toString()).toBe("s=1");
  });

  it("does not show a cookie for another path here", () => {
    const view = new CookieView("");
    expect(view.write("p=1; path=/admin", page)).toBe("elsewhere");
    expect(view.write("q=1", page)).toBe("set"); // default path /account matches /account/orders
    expect(view.write("r=1; path=/acc", page)).toBe("elsewhere");
    expect(view.toString()).toBe("q=1");
  });
});
