/**
 * Bundles the visitor script (lib/visitor) into public/: cobrowse.js, the small base every page loads,
 * and cobrowse-recorder.js (rrweb), fetched only when a session starts; and proxy-runtime.js
 * (lib/proxy-runtime), the universal proxy's runtime in the pages it serves; and viewer.js (lib/viewer),
 * the embeddable viewer, an ES module. Prints the gzipped sizes.
 * Run before `next build` (scripts/start.ts and scripts/e2e.ts do): Next serves only the public files
 * present at build time.
 */
import { gzipSync } from "node:zlib";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { canInline } from "../lib/service/proxy/runtime-script";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const VISITOR_BUNDLES = [
  { entry: "lib/visitor/main.ts", output: "public/cobrowse.js", budgetBytes: 10_000 },
  { entry: "lib/visitor/recorder/recorder.ts", output: "public/cobrowse-recorder.js", budgetBytes: 50_000 },
  // Fetched only for a session whose watch link allows the remote console.
  { entry: "lib/visitor/remote-console/console-capture.ts", output: "public/cobrowse-console.js", budgetBytes: 4_000 },
  // Fetched only when an agent rings: the visitor's side of a voice call.
  { entry: "lib/visitor/call/main.ts", output: "public/cobrowse-call.js", budgetBytes: 6_000 },
  // Inline, before the first script of every proxied page (also served by the proxy's origin at /__tandem/proxy-runtime.js).
  { entry: "lib/proxy-runtime/main.ts", output: "public/proxy-runtime.js", budgetBytes: 8_000, inline: true },
  // The embeddable viewer (lib/viewer), imported by helpdesks' pages as an ES module.
  { entry: "lib/viewer/main.ts", output: "public/viewer.js", budgetBytes: 3_000, format: "esm" },
] as const;

/** Replaces `search` in rrweb's source, failing the build when a new rrweb no longer has it. */
function rewrite(source: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === "string" ? source.includes(search) : search.test(source);
  if (!found) throw new Error(`rrweb's source changed: ${String(search)} is gone; update scripts/build-visitor-script.ts`);
  return typeof search === "string" ? source.replace(search, () => replacement) : source.replace(new RegExp(search.source, "g"), replacement);
}

const HOOKS = path.join(root, "lib/visitor/recorder/rrweb-hooks.ts");

/**
 * rrweb's bundle ends its PostCSS section (used only to replay, never to record) with bare property
 * reads such as `import_postcss$1.default.decl;` and build both PostCSS copies eagerly at load. That counts as side
 * effects, so both would stay in the recorder: dropping the reads and making the builds lazy lets tree
 * shaking remove them (the replay-only code that uses one still works, it builds it on first use).
 *
 * It also connects rrweb to lib/visitor/recorder/rrweb-hooks.ts:
 * - shadow roots: rrweb's accessor also answers the closed roots the base script kept;
 * - frames: a frame posts its recording through the recorder's `postToParent` (rrweb posts to `*`,
 *   any page embedding the frame, by itself), and a page takes a frame's message only if the frame
 *   bridge accepts it (rrweb takes any frame's that names its own origin).
 *
 * It fixes rrweb's check of whether the page has patched `Element` (rrweb-io/rrweb#1802): it reads
 * `querySelector` and `querySelectorAll` as accessors, which they are not, so every session start built
 * and removed a hidden iframe per copy of the check for a fresh `Element`, 30 ms or more of the visitor's
 * main thread. They are checked as the methods they are.
 *
 * It serialises a form control's live state where rrweb kept the HTML default (rrweb-hooks.ts's
 * `liveFormState`): an unchecked box, an emptied field.
 *
 * And it asks `window.__tandemDeferChildren` (lib/visitor/recorder/sliced-snapshot.ts) before serialising an
 * element's children, so that a full snapshot can be taken in slices.
 */
const SERIALIZE_CHILDREN = "if ((serializedNode.type === NodeType$3.Document || serializedNode.type === NodeType$3.Element) && recordChild) {";
const DEFER_CHILDREN = "typeof window !== 'undefined' && window.__tandemDeferChildren && window.__tandemDeferChildren(n, options, serializeNodeWithId)";

const rrwebForTandem: Plugin = {
  name: "rrweb-for-tandem",
  setup(builder) {
    builder.onLoad({ filter: /[\\/]rrweb[\\/]dist[\\/]rrweb\.js$/ }, async (args) => {
      let source = (await fs.promises.readFile(args.path, "utf8"))
        .replace(/^import_postcss(\$\d+)?\.default(\.\w+)?;$/gm, "")
        .replace("var import_postcss$1 = ", "var import_postcss$1 = () => ")
        .replace("var import_postcss = ", "var import_postcss = () => ")
        .replace("var postcss_default = import_postcss$1.default;", "var postcss_default = (...plugins) => import_postcss$1().default(...plugins);");
      source = rewrite(
        source,
        /return (getUntaintedAccessor(\$\d+)?)\("Element", n, "shadowRoot"\);/,
        'return __tandemHooks.shadowRootOf(n, $1("Element", n, "shadowRoot"));',
      );
      source = rewrite(
        source,
        "const inEmittingFrame = recordCrossOriginIframes ? window.parent === window : true;",
        "const inEmittingFrame = !options.postToParent;",
      );
      source = rewrite(source, 'window.parent.postMessage(message, "*");', "options.postToParent(message);");
      source = rewrite(source, /Element: \[\n\t\t"shadowRoot",\n\t\t"querySelector",\n\t\t"querySelectorAll"\n\t\],/, 'Element: ["shadowRoot"],');
      source = rewrite(source, /Element: \[\],/, 'Element: ["querySelector", "querySelectorAll"],');
      source = rewrite(source, SERIALIZE_CHILDREN, SERIALIZE_CHILDREN.replace("&& recordChild", `&& recordChild && !(${DEFER_CHILDREN})`));
      source = rewrite(
        source,
        "else if (checked) attributes.checked = checked;",
        "else if (checked) attributes.checked = checked;\n\t\t__tandemHooks.liveFormState(n, tagName, attributes);",
      );
      source = rewrite(
        source,
        'if (crossOriginMessageEvent.data.type !== "rrweb"',
        'if (!__tandemHooks.acceptFrameMessage(message) || crossOriginMessageEvent.data.type !== "rrweb"',
      );
      return { contents: `import * as __tandemHooks from ${JSON.stringify(HOOKS)};\n${source}`, loader: "js" };
    });
  },
};

/** The version the visitor script stamps itself with (lib/visitor/version.ts): the app's. */
export const SCRIPT_VERSION = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;

/** One bundle, minified, in memory; with the source files it took in (which the tests check). */
export async function bundleScript(
  bundle: { entry: string; output: string; format?: "iife" | "esm" },
  plugins: Plugin[] = [],
): Promise<{ code: Uint8Array; inputs: string[] }> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [bundle.entry],
    outfile: bundle.output,
    write: false,
    metafile: true,
    bundle: true,
    minify: true,
    format: bundle.format ?? "iife",
    // Browsers from 2020 on (Chrome and Edge 80, Firefox 74, Safari 13.1): `?.` and `??` stay as they are,
    // which keeps the base script small.
    target: ["es2020"],
    platform: "browser",
    legalComments: "none",
    logLevel: "warning",
    define: { TANDEM_VISITOR_SCRIPT_VERSION: JSON.stringify(SCRIPT_VERSION) },
    plugins: [rrwebForTandem, ...plugins],
  });
  const script = result.outputFiles.find((file) => file.path === path.join(root, bundle.output));
  if (!script) throw new Error(`esbuild made no ${bundle.output}`);
  return { code: script.contents, inputs: Object.keys(result.metafile.inputs) };
}

export async function buildVisitorScript(options: { quiet?: boolean } = {}): Promise<{ output: string; gzipBytes: number }[]> {
  const sizes = [];
  for (const bundle of VISITOR_BUNDLES) {
    const script = Buffer.from((await bundleScript(bundle)).code);
    // A fresh clone has no public/ folder: everything in it is built.
    fs.mkdirSync(path.dirname(path.join(root, bundle.output)), { recursive: true });
    fs.writeFileSync(path.join(root, bundle.output), script);
    if ("inline" in bundle && !canInline(script.toString("utf8"))) throw new Error(`${bundle.output} cannot go inline in a page: it holds </script or <!--`);
    const gzipBytes = gzipSync(script).length;
    if (!options.quiet) console.log(`${bundle.output}: ${(gzipBytes / 1000).toFixed(1)} kB gzipped (budget ${bundle.budgetBytes / 1000} kB)`);
    sizes.push({ output: bundle.output, gzipBytes });
  }
  return sizes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildVisitorScript();
}
