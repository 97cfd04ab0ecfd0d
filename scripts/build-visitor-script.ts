/**
 * Bundles the visitor script (lib/visitor) into public/: cobrowse.js, the small base every page loads,
 * and cobrowse-recorder.js (rrweb), fetched only when a session starts; and proxy-runtime.js
 * (lib/proxy-runtime), the universal proxy's runtime in the pages it serves. Prints the gzipped sizes.
 * Run before `next build` (scripts/start.ts and scripts/e2e.ts do): Next serves only the public files
 * present at build time.
 */
import { gzipSync } from "node:zlib";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const VISITOR_BUNDLES = [
  { entry: "lib/visitor/main.ts", output: "public/cobrowse.js", budgetBytes: 10_000 },
  { entry: "lib/visitor/recorder.ts", output: "public/cobrowse-recorder.js", budgetBytes: 50_000 },
  // Served by the universal proxy's origin at /__tandem/proxy-runtime.js, first in every proxied page.
  { entry: "lib/proxy-runtime/main.ts", output: "public/proxy-runtime.js", budgetBytes: 8_000 },
] as const;

/**
 * rrweb's bundle ends its PostCSS section (used only to replay, never to record) with bare property
 * reads such as `import_postcss$1.default.decl;` and build both PostCSS copies eagerly at load. That counts as side
 * effects, so both would stay in the recorder: dropping the reads and making the builds lazy lets tree
 * shaking remove them (the replay-only code that uses one still works, it builds it on first use).
 */
const dropRrwebReplayOnlyCode: Plugin = {
  name: "drop-rrweb-replay-only-code",
  setup(builder) {
    builder.onLoad({ filter: /[\\/]rrweb[\\/]dist[\\/]rrweb\.js$/ }, async (args) => ({
      contents: (await fs.promises.readFile(args.path, "utf8"))
        .replace(/^import_postcss(\$\d+)?\.default(\.\w+)?;$/gm, "")
        .replace("var import_postcss$1 = ", "var import_postcss$1 = () => ")
        .replace("var import_postcss = ", "var import_postcss = () => ")
        .replace("var postcss_default = import_postcss$1.default;", "var postcss_default = (...plugins) => import_postcss$1().default(...plugins);"),
      loader: "js",
    }));
  },
};

export async function buildVisitorScript(options: { quiet?: boolean } = {}): Promise<{ output: string; gzipBytes: number }[]> {
  const sizes = [];
  for (const bundle of VISITOR_BUNDLES) {
    await build({
      absWorkingDir: root,
      entryPoints: [bundle.entry],
      outfile: bundle.output,
      bundle: true,
      minify: true,
      format: "iife",
      target: ["es2019"],
      platform: "browser",
      legalComments: "none",
      logLevel: "warning",
      plugins: [dropRrwebReplayOnlyCode],
    });
    const gzipBytes = gzipSync(fs.readFileSync(path.join(root, bundle.output))).length;
    if (!options.quiet) console.log(`${bundle.output}: ${(gzipBytes / 1000).toFixed(1)} kB gzipped (budget ${bundle.budgetBytes / 1000} kB)`);
    sizes.push({ output: bundle.output, gzipBytes });
  }
  return sizes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildVisitorScript();
}
