/**
 * The rules Zendesk documents for a Zendesk Apps Framework v2 app (its manifest reference and app
 * requirements), checked on the files of an app as they would go in its package. Zendesk's own check
 * (`zcli apps:validate`) uploads the package to an account; these run anywhere, before packaging.
 */
import { PNG } from "pngjs";

export type AppFiles = ReadonlyMap<string, Uint8Array>;

/** The locations of Zendesk Support an app may be placed in. */
const SUPPORT_LOCATIONS = new Set([
  "ticket_sidebar",
  "new_ticket_sidebar",
  "user_sidebar",
  "organization_sidebar",
  "top_bar",
  "nav_bar",
  "ticket_editor",
  "modal",
  "background",
]);
const PARAMETER_TYPES = new Set(["text", "password", "checkbox", "url", "number", "multiline", "hidden", "oauth"]);
const LOGOS = [
  { file: "assets/logo.png", size: 320 },
  { file: "assets/logo-small.png", size: 128 },
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);
const text = (files: AppFiles, name: string) => (files.has(name) ? new TextDecoder().decode(files.get(name)) : null);

function parseJson(files: AppFiles, name: string, problems: string[]): Json | null {
  const source = text(files, name);
  if (source === null) {
    problems.push(`${name} is missing`);
    return null;
  }
  try {
    const value: unknown = JSON.parse(source);
    if (isObject(value)) return value;
    problems.push(`${name} must hold a JSON object`);
  } catch {
    problems.push(`${name} is not valid JSON`);
  }
  return null;
}

function checkLocations(manifest: Json, files: AppFiles, problems: string[]): void {
  const support = isObject(manifest.location) ? manifest.location.support : undefined;
  if (!isObject(support) || !Object.keys(support).length) return void problems.push("location.support must name at least one location");
  for (const [name, place] of Object.entries(support)) {
    if (!SUPPORT_LOCATIONS.has(name)) problems.push(`location.support.${name} is not a location of Zendesk Support`);
    const url = typeof place === "string" ? place : isObject(place) ? place.url : undefined;
    if (typeof url !== "string") problems.push(`location.support.${name} needs a url`);
    else if (!/^https:\/\//.test(url) && !files.has(url)) problems.push(`location.support.${name}.url: ${url} is not in the app`);
  }
}

function checkParameters(manifest: Json, translations: Json | null, problems: string[]): void {
  const parameters = manifest.parameters ?? [];
  if (!Array.isArray(parameters)) return void problems.push("parameters must be an array");
  const labels = isObject(translations?.app) && isObject(translations.app.parameters) ? translations.app.parameters : {};
  const names = new Set<string>();
  for (const parameter of parameters) {
    const name = isObject(parameter) && typeof parameter.name === "string" ? parameter.name : null;
    if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
      problems.push(`parameters: ${JSON.stringify(name)} is not a valid name (lower case letters, digits, _)`);
      continue;
    }
    if (names.has(name)) problems.push(`parameters: ${name} is declared twice`);
    names.add(name);
    if (!PARAMETER_TYPES.has(String(parameter.type))) problems.push(`parameters.${name}.type: ${String(parameter.type)} is not a parameter type`);
    if (parameter.secure === true && !["text", "password", "multiline", "hidden"].includes(String(parameter.type))) {
      problems.push(`parameters.${name}: a secure setting must be text`);
    }
    if (!isObject(labels[name]) || typeof labels[name].label !== "string") problems.push(`translations: app.parameters.${name}.label is missing`);
  }
  // Zendesk's proxy puts a secure setting only into requests to the domains the manifest allows.
  const secure = parameters.some((parameter) => isObject(parameter) && parameter.secure === true);
  const domains = manifest.domainWhitelist;
  if (secure && (!Array.isArray(domains) || !domains.length)) problems.push("domainWhitelist must list the domains that receive secure settings");
  if (Array.isArray(domains) && domains.some((domain) => typeof domain !== "string" || !/^[a-z0-9*.-]+(:\d+)?$/i.test(domain))) {
    problems.push("domainWhitelist holds host names only (no scheme or path)");
  }
}

function checkLogos(files: AppFiles, problems: string[]): void {
  for (const { file, size } of LOGOS) {
    const bytes = files.get(file);
    if (!bytes) {
      problems.push(`${file} is missing`);
      continue;
    }
    try {
      const { width, height } = PNG.sync.read(Buffer.from(bytes));
      if (width !== size || height !== size) problems.push(`${file} must be ${size}×${size} pixels (it is ${width}×${height})`);
    } catch {
      problems.push(`${file} is not a PNG`);
    }
  }
}

/** What breaks Zendesk's rules in the app's files: nothing when it may be packaged. */
export function zendeskAppProblems(files: AppFiles): string[] {
  const problems: string[] = [];
  const manifest = parseJson(files, "manifest.json", problems);
  if (!manifest) return problems;
  for (const field of ["name", "defaultLocale", "version"]) if (typeof manifest[field] !== "string" || !manifest[field]) problems.push(`${field} is required`);
  if (!isObject(manifest.author) || typeof manifest.author.name !== "string" || typeof manifest.author.email !== "string") {
    problems.push("author needs a name and an email");
  }
  if (typeof manifest.private !== "boolean") problems.push("private must be true or false");
  if (manifest.frameworkVersion !== "2.0") problems.push('frameworkVersion must be "2.0"');
  if (typeof manifest.version === "string" && !/^\d+\.\d+(\.\d+)?$/.test(manifest.version)) problems.push("version must be like 1.0.0");
  const translations = parseJson(files, `translations/${String(manifest.defaultLocale)}.json`, problems);
  const app = isObject(translations?.app) ? translations.app : null;
  if (translations && !app) problems.push("translations: app is missing");
  if (app && manifest.private === false) {
    for (const field of ["name", "short_description", "long_description", "installation_instructions"]) {
      if (typeof app[field] !== "string") problems.push(`translations: app.${field} is required of a public app`);
    }
  }
  checkLocations(manifest, files, problems);
  checkParameters(manifest, translations, problems);
  checkLogos(files, problems);
  for (const name of files.keys()) {
    if (!/^(manifest\.json|assets\/[\w./-]+|translations\/[\w-]+\.json)$/.test(name) || name.includes(".."))
      problems.push(`${name}: a package holds only manifest.json, assets/ and translations/`);
  }
  return problems;
}
