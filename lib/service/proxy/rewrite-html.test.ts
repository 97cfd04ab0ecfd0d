import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { finished } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { createHtmlRewriter } from "./rewrite-html";

const INJECTION = '<script src="/__tandem/proxy-runtime.js"></script>';

async function rewrite(html: string, target = "https://shop.test/dir/page.html"): Promise<string> {
  const context = { sessionId: "S1", base: new URL(target) };
  return text(Readable.from([html]).pipe(createHtmlRewriter(context, INJECTION)));
}

describe("createHtmlRewriter", () => {
  it("passes a chunk of the page on as one piece, not one per token, and split pages whole", async () => {
    const context = { sessionId: "S1", base: new URL("https://shop.test/") };
    const page = '<!doctype html><html><head><title>x</title></head><body><a href="/a">a</a><img src="b.png"><p>text</p></body></html>';
    const rewriter = createHtmlRewriter(context, INJECTION);
    const pieces: string[] = [];
    rewriter.on("data", (piece: string) => pieces.push(piece)); // flowing, as into the answer: each piece a write
    await finished(Readable.from([page.slice(0, 40), page.slice(40)]).pipe(rewriter));
    expect(pieces.length).toBeLessThanOrEqual(3); // each chunk's tokens, and what the end of the page gives
    expect(pieces.join("")).toBe(
      `<!doctype html><html><head><title>x</title></head><body><a href="/s/S1/https/shop.test/a">a</a><img src="/s/S1/https/shop.test/b.png"><p>text</p>${INJECTION}</body></html>`,
    );
  });

  it("puts the injection just before the page's first script, its images ahead of it", async () => {
    expect(await rewrite('<head><title>x</title></head><body><img src="a.png"><p>hi</p><script>go()</script>')).toBe(
      `<head><title>x</title></head><body><img src="/s/S1/https/shop.test/dir/a.png"><p>hi</p>${INJECTION}<script>go()</script>`,
    );
  });

  it("puts it before the stylesheets the head links ahead of its first script, after a preload of each, so it never waits for them", async () => {
    const page =
      '<!doctype html><html><head><title>x</title><link rel="stylesheet" href="a.css"><link rel="icon" href="i.png">' +
      '<link rel="alternate stylesheet" href="alt.css"><link rel=" Stylesheet " href="b.css" media="print" crossorigin="use-credentials" referrerpolicy="no-referrer" title="B">' +
      '<script src="app.js"></script><link rel="stylesheet" href="late.css"></head><body></body></html>';
    const preloads =
      '<link rel="preload" as="style" href="/s/S1/https/shop.test/dir/a.css" />' +
      '<link rel="preload" as="style" href="/s/S1/https/shop.test/dir/b.css" media="print" crossorigin="use-credentials" referrerpolicy="no-referrer" />';
    expect(await rewrite(page)).toBe(
      `<!doctype html><html><head><title>x</title>${preloads}${INJECTION}<link rel="stylesheet" href="/s/S1/https/shop.test/dir/a.css">` +
        '<link rel="icon" href="/s/S1/https/shop.test/dir/i.png"><link rel="alternate stylesheet" href="/s/S1/https/shop.test/dir/alt.css">' +
        '<link rel=" Stylesheet " href="/s/S1/https/shop.test/dir/b.css" media="print" crossorigin="use-credentials" referrerpolicy="no-referrer" title="B">' +
        '<script src="/s/S1/https/shop.test/dir/app.js"></script><link rel="stylesheet" href="/s/S1/https/shop.test/dir/late.css"></head><body></body></html>',
    );
    // Alternate, disabled and inert stylesheets hold no script: the runtime stays where the first script is.
    expect(
      await rewrite(
        '<link rel="alternate stylesheet" href="a.css"><link rel="stylesheet" href="b.css" disabled><template><link rel="stylesheet" href="c.css"></template><p>hi</p><script>go()</script>',
      ),
    ).toBe(
      '<link rel="alternate stylesheet" href="/s/S1/https/shop.test/dir/a.css"><link rel="stylesheet" href="/s/S1/https/shop.test/dir/b.css" disabled="">' +
        `<template><link rel="stylesheet" href="/s/S1/https/shop.test/dir/c.css"></template><p>hi</p>${INJECTION}<script>go()</script>`,
    );
    // Scripts in the body: the runtime stays just before the first, the body parsed while the stylesheets come.
    expect(await rewrite('<html><head><link rel="stylesheet" href="a.css"></head><body><p>hi</p><script>go()</script></body></html>')).toBe(
      `<html><head><link rel="stylesheet" href="/s/S1/https/shop.test/dir/a.css"></head><body><p>hi</p>${INJECTION}<script>go()</script></body></html>`,
    );
    expect(await rewrite('<head><link rel="stylesheet" href="a.css"><body onload="go()"><p>hi</p>')).toBe(
      `<head><link rel="preload" as="style" href="/s/S1/https/shop.test/dir/a.css" />${INJECTION}<link rel="stylesheet" href="/s/S1/https/shop.test/dir/a.css"><body onload="go()"><p>hi</p>`,
    );
    expect(await rewrite('<head><link rel="stylesheet" href="a.css"></head><body><p>hi</p></body>')).toBe(
      `<head><link rel="stylesheet" href="/s/S1/https/shop.test/dir/a.css"></head><body><p>hi</p>${INJECTION}</body>`,
    );
  });

  it("never holds the runtime back for a later chunk: a head split before its first script keeps it before that script", async () => {
    const context = { sessionId: "S1", base: new URL("https://shop.test/") };
    const rewriter = createHtmlRewriter(context, INJECTION);
    const pieces: string[] = [];
    rewriter.on("data", (piece: string) => pieces.push(piece));
    const first = '<head><link rel="stylesheet" href="a.css"><title>x</title>';
    const second = '<link rel="stylesheet" href="b.css"><script>go()</script></head>';
    await finished(Readable.from([first, second]).pipe(rewriter));
    expect(pieces[0]).toBe('<head><link rel="stylesheet" href="/s/S1/https/shop.test/a.css"><title>x</title>');
    // Within the second chunk, the runtime goes before its own stylesheet still, with that one's preload only.
    expect(pieces.slice(1).join("")).toBe(
      `<link rel="preload" as="style" href="/s/S1/https/shop.test/b.css" />${INJECTION}<link rel="stylesheet" href="/s/S1/https/shop.test/b.css"><script>go()</script></head>`,
    );
  });

  it("puts it before anything else that may run a script of the page: handlers, javascript: addresses, frames, embedded documents, SVG", async () => {
    const before = async (markup: string) => {
      const out = await rewrite(`<head><title>x</title></head><body><p>a</p>${markup}<p>b</p></body>`);
      return out.indexOf(INJECTION) === out.indexOf("<p>a</p>") + "<p>a</p>".length;
    };
    for (const markup of [
      '<img src="x.png" onerror="go()">',
      '<body onload="go()">',
      '<a href=" java\nscript:go()">a</a>',
      '<a href="&#106;avascript:go()">a</a>',
      '<form action="JavaScript:go()"></form>',
      '<iframe src="frame.html"></iframe>',
      '<object data="a.svg"></object>',
      "<embed src=a.svg>",
      "<svg><circle r=1 /></svg>",
      "<math><mi>x</mi></math>",
      '<template shadowrootmode="open"><slot></slot></template>',
    ]) {
      expect(await before(markup), markup).toBe(true);
    }
    expect(await rewrite('<html onclick="go()"><p>hi</p>')).toBe(`<html onclick="go()">${INJECTION}<p>hi</p>`);
    expect(await rewrite('<frameset cols="50%,50%"><frame src="a.html"></frameset>')).toBe(
      `${INJECTION}<frameset cols="50%,50%"><frame src="/s/S1/https/shop.test/dir/a.html"></frameset>`,
    );
  });

  it("never puts it in an inert template, and gives a page without scripts it at the end of its body, or of the page", async () => {
    expect(await rewrite('<body><template><script>x()</script><img onerror="y()"></template><p>hi</p></body></html>')).toBe(
      `<body><template><script>x()</script><img onerror="y()"></template><p>hi</p>${INJECTION}</body></html>`,
    );
    expect(await rewrite("<!doctype html><p>hi</p>")).toBe(`<!doctype html><p>hi</p>${INJECTION}`);
    expect(await rewrite("<!-- only a comment -->")).toBe(`<!-- only a comment -->${INJECTION}`);
  });

  it("reads the page's bytes in its charset, within their limit", async () => {
    const context = { sessionId: "S1", base: new URL("https://shop.test/") };
    const page = Buffer.from("<p>caf\u00e9</p>", "latin1");
    const latin1 = createHtmlRewriter(context, INJECTION, { decoder: new TextDecoder("windows-1252"), maxBytes: 100 });
    expect(await text(Readable.from([page.subarray(0, 6), page.subarray(6)]).pipe(latin1))).toBe(`<p>café</p>${INJECTION}`);
    const small = createHtmlRewriter(context, INJECTION, { decoder: new TextDecoder(), maxBytes: 5 });
    await expect(text(Readable.from([page]).pipe(small))).rejects.toThrow("over 5 bytes");
  });

  it("keeps links, forms and subresources on the proxy, relative and absolute alike", async () => {
    const out = await rewrite(
      '<head></head><a href="next.html">n</a><a href="https://other.test/x?y=1#z">o</a><form action="/login" method=post><button formaction="?b">b</button></form>' +
        '<img src="//cdn.test/a.png" srcset="a.png 1x, /b.png 2x"><a href="#top">t</a><a href="mailto:a@b.test">m</a><script src="app.js" integrity="sha256-x"></script>',
    );
    expect(out).toContain('href="/s/S1/https/shop.test/dir/next.html"');
    expect(out).toContain('href="/s/S1/https/other.test/x?y=1#z"');
    expect(out).toContain('action="/s/S1/https/shop.test/login"');
    expect(out).toContain('formaction="/s/S1/https/shop.test/dir/page.html?b"');
    expect(out).toContain('src="/s/S1/https/cdn.test/a.png"');
    expect(out).toContain('srcset="/s/S1/https/shop.test/dir/a.png 1x, /s/S1/https/shop.test/b.png 2x"');
    expect(out).toContain('href="#top"');
    expect(out).toContain('href="mailto:a@b.test"');
    expect(out).toContain('<script src="/s/S1/https/shop.test/dir/app.js"></script>');
  });

  it("keeps a link's pings, presentational backgrounds, SVG's links and a preload's image candidates on the proxy", async () => {
    const out = await rewrite(
      '<a href="/x" ping="/track https://stats.test/hit">x</a><table background="t.png"><tr><td background="/c.png">c</td></tr></table>' +
        '<svg><script href="s.js"></script><image xlink:href="i.png"/></svg><link rel="preload" as="image" imagesrcset="w.png 1x, w2.png 2x">',
    );
    expect(out).toContain('ping="/s/S1/https/shop.test/track /s/S1/https/stats.test/hit"');
    expect(out).toContain('<table background="/s/S1/https/shop.test/dir/t.png">');
    expect(out).toContain('<td background="/s/S1/https/shop.test/c.png">');
    expect(out).toContain('<script href="/s/S1/https/shop.test/dir/s.js">');
    expect(out).toContain('<image href="/s/S1/https/shop.test/dir/i.png"/>'); // parse5 names xlink:href by its local name
    expect(out).toContain('imagesrcset="/s/S1/https/shop.test/dir/w.png 1x, /s/S1/https/shop.test/dir/w2.png 2x"');
  });

  it("follows <base>, rewrites meta refresh, inline styles and <style>, and drops the origin's meta CSP", async () => {
    const out = await rewrite(
      '<head><base href="https://shop.test/other/"><meta http-equiv="refresh" content="3;URL=\'later.html\'">' +
        '<meta http-equiv="Content-Security-Policy" content="default-src https://shop.test">' +
        '<style>@import "theme.css"; body { background: url(bg.png) } /* url(comment.png) */</style></head>' +
        '<div style="background-image: url(&quot;tile.png&quot;)">x</div><a href="page2.html">p</a>',
    );
    expect(out).toContain('<base href="/s/S1/https/shop.test/other/">');
    expect(out).toContain('content="3; url=/s/S1/https/shop.test/other/later.html"');
    expect(out).not.toContain("Content-Security-Policy");
    expect(out).toContain(
      '@import "/s/S1/https/shop.test/other/theme.css"; body { background: url(/s/S1/https/shop.test/other/bg.png) } /* url(comment.png) */',
    );
    expect(out).toContain('style="background-image: url(&quot;/s/S1/https/shop.test/other/tile.png&quot;)"');
    expect(out).toContain('href="/s/S1/https/shop.test/other/page2.html"');
  });

  it("reads a page split anywhere across chunks as one", async () => {
    const html = '<html><head><style>a{background:url(x.png)}</style></head><body><a href="y.html">y</a></body></html>';
    const context = { sessionId: "S1", base: new URL("https://shop.test/") };
    const chunks = html.split("");
    const out = await text(Readable.from(chunks).pipe(createHtmlRewriter(context, INJECTION)));
    expect(out).toBe(
      `<html><head><style>a{background:url(/s/S1/https/shop.test/x.png)}</style></head><body><a href="/s/S1/https/shop.test/y.html">y</a>${INJECTION}</body></html>`,
    );
  });
});
