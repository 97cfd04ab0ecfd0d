/**
 * Builds the React wrapper of the embeddable viewer (packages/viewer-react) into its dist/: one ES
 * module (the viewer's code bundled in, React left to the host app) and its type declarations. With
 * `--pack`, also packs it (`npm pack`) into the folder given, as it would be published.
 *
 *   npx tsx scripts/build-viewer-package.ts [--pack DIR]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const VIEWER_PACKAGE_DIR = path.join(root, "packages/viewer-react");

export async function buildViewerPackage(): Promise<void> {
  const dist = path.join(VIEWER_PACKAGE_DIR, "dist");
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(VIEWER_PACKAGE_DIR, "src/index.tsx")],
    outfile: path.join(dist, "index.js"),
    bundle: true,
    format: "esm",
    target: ["es2020"],
    platform: "browser",
    jsx: "automatic",
    external: ["react", "react/jsx-runtime"],
    legalComments: "none",
    logLevel: "warning",
  });
  // Declarations keep the sources' layout under dist/types; the entry re-exports the package's.
  execFileSync(path.join(root, "node_modules/.bin/tsc"), ["-p", path.join(VIEWER_PACKAGE_DIR, "tsconfig.json")], { stdio: "inherit" });
  fs.writeFileSync(path.join(dist, "index.d.ts"), 'export * from "./types/packages/viewer-react/src/index";\n');
}

/** The package's tarball, as `npm pack` makes it, in `destination`; returns its path. */
export function packViewerPackage(destination: string): string {
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], { cwd: VIEWER_PACKAGE_DIR, encoding: "utf8" });
  const [{ filename }] = JSON.parse(output) as { filename: string }[];
  return path.join(destination, filename);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildViewerPackage();
  const packAt = process.argv.indexOf("--pack");
  if (packAt !== -1) console.log(packViewerPackage(path.resolve(process.argv[packAt + 1] ?? ".")));
  else console.log(`${path.relative(root, VIEWER_PACKAGE_DIR)}/dist built`);
}
