import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { canInline, RUNTIME_RECHECK_MS, runtimeTag } from "./runtime-script";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "proxy-runtime-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runtimeFile(name: string, script: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, script);
  return file;
}

const CONFIG = JSON.stringify({ session: "s1", target: "https://shop.example/?a=1&b=2" });
const ATTRIBUTE = `data-tandem-proxy="${CONFIG.replaceAll('"', "&quot;").replaceAll("&b", "&amp;b")}"`;

describe("the runtime's tag in a proxied page", () => {
  it("puts the runtime inline in HTML, its configuration on the tag", async () => {
    const file = runtimeFile("runtime.js", '(()=>{window.x="<\\/script>"})();');
    expect(await runtimeTag(file, CONFIG, { xhtml: false })).toBe(`<script ${ATTRIBUTE}>(()=>{window.x="<\\/script>"})();</script>`);
  });

  it("asks for it by address in XHTML, where script text is XML", async () => {
    const file = runtimeFile("runtime-xhtml.js", "(()=>{if(1<2)window.x=1})();");
    expect(await runtimeTag(file, CONFIG, { xhtml: true })).toBe(`<script src="/__tandem/proxy-runtime.js" ${ATTRIBUTE}></script>`);
  });

  it("asks for it by address when its text would end or unsettle the element it goes in, or it is not built", async () => {
    for (const [name, script] of [
      ["closes.js", 'window.x="</SCRIPT><img src=x onerror=alert(1)>"'],
      ["comment.js", 'window.x="<!--<script>"'],
    ]) {
      expect(await runtimeTag(runtimeFile(name, script), CONFIG, { xhtml: false })).toBe(`<script src="/__tandem/proxy-runtime.js" ${ATTRIBUTE}></script>`);
    }
    expect(await runtimeTag(path.join(dir, "missing.js"), CONFIG, { xhtml: false })).toContain('src="/__tandem/proxy-runtime.js"');
  });

  it("reads the file again once it changed, checking it once a second at most", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const file = runtimeFile("changing.js", "window.v=1");
      expect(await runtimeTag(file, CONFIG, { xhtml: false })).toContain(">window.v=1<");
      fs.writeFileSync(file, "window.v=2");
      fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
      expect(await runtimeTag(file, CONFIG, { xhtml: false })).toContain(">window.v=1<");
      vi.advanceTimersByTime(RUNTIME_RECHECK_MS);
      expect(await runtimeTag(file, CONFIG, { xhtml: false })).toContain(">window.v=2<");
    } finally {
      vi.useRealTimers();
    }
  });

  it("checks what may go inline", () => {
    expect(canInline("a<b&&c>d")).toBe(true);
    expect(canInline("x='</scRipt'")).toBe(false);
    expect(canInline("x='<!--'")).toBe(false);
  });
});
