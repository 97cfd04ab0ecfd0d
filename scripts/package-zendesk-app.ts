/**
 * Packages Tandem's Zendesk Support app (integrations/zendesk) for upload to Zendesk: a zip of its
 * manifest, assets and translations, with the Tandem address given written into the manifest's
 * domainWhitelist (Zendesk's proxy sends the secret key only there). Refuses an app that breaks
 * Zendesk's rules (zendesk-app-rules.ts).
 *
 *   npx tsx scripts/package-zendesk-app.ts https://tandem.example.com [out.zip]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { zendeskAppProblems, type AppFiles } from "./zendesk-app-rules";

export const ZENDESK_APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../integrations/zendesk");

/** The app's files, by their path in the package. */
export function readAppFiles(dir = ZENDESK_APP_DIR): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join("/"), fs.readFileSync(full));
  }
  return files;
}

/** The app's files for one Tandem: its host (and port, when not the scheme's) is the one allowed domain. */
export function forTandem(files: AppFiles, tandemUrl: string): Map<string, Uint8Array> {
  const url = new URL(tandemUrl);
  if (url.protocol !== "https:" && url.hostname !== "localhost") throw new Error(`${tandemUrl}: Zendesk's proxy reaches Tandem over https only`);
  const manifest = JSON.parse(new TextDecoder().decode(files.get("manifest.json")));
  manifest.domainWhitelist = [url.host];
  return new Map([...files, ["manifest.json", new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`)]]);
}

/** The package: a zip with manifest.json at its root. Throws with every problem found. */
export function packageZendeskApp(tandemUrl: string, dir = ZENDESK_APP_DIR): Uint8Array {
  const files = forTandem(readAppFiles(dir), tandemUrl);
  const problems = zendeskAppProblems(files);
  if (problems.length) throw new Error(`The Zendesk app breaks Zendesk's rules:\n- ${problems.join("\n- ")}`);
  return zipSync(Object.fromEntries(files), { level: 9, mtime: new Date("2026-01-01T00:00:00Z") });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [tandemUrl, output = "tandem-zendesk-app.zip"] = process.argv.slice(2);
  if (!tandemUrl) {
    console.error("Usage: npx tsx scripts/package-zendesk-app.ts https://YOUR-TANDEM [out.zip]");
    process.exit(2);
  }
  fs.writeFileSync(output, packageZendeskApp(tandemUrl));
  console.log(
    `${output}: Tandem's Zendesk app for ${new URL(tandemUrl).host}, ready to upload (Admin Center → Apps → Zendesk Support apps → Upload private app).`,
  );
}
