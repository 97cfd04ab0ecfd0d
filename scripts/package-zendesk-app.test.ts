import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { forTandem, packageZendeskApp, readAppFiles } from "./package-zendesk-app";
import { zendeskAppProblems } from "./zendesk-app-rules";

const TANDEM = "https://cobrowse.example.com";
const withManifest = (change: (manifest: Record<string, unknown>) => void) => {
  const files = forTandem(readAppFiles(), TANDEM);
  const manifest = JSON.parse(new TextDecoder().decode(files.get("manifest.json")));
  change(manifest);
  files.set("manifest.json", new TextEncoder().encode(JSON.stringify(manifest)));
  return files;
};

describe("the Zendesk app package", () => {
  it("is a zip of manifest, assets and translations that keeps Zendesk's rules, with the Tandem host as its one allowed domain", () => {
    const unpacked = unzipSync(packageZendeskApp(TANDEM));
    expect(Object.keys(unpacked).sort()).toEqual([
      "assets/app.css",
      "assets/app.js",
      "assets/iframe.html",
      "assets/logo-small.png",
      "assets/logo.png",
      "manifest.json",
      "translations/en.json",
    ]);
    const manifest = JSON.parse(new TextDecoder().decode(unpacked["manifest.json"]));
    expect(manifest).toMatchObject({
      frameworkVersion: "2.0",
      domainWhitelist: ["cobrowse.example.com"],
      location: { support: { ticket_sidebar: { url: "assets/iframe.html" }, user_sidebar: { url: "assets/iframe.html" } } },
    });
    // The key is a secure setting: only Zendesk's proxy holds it, the app's page sends a placeholder.
    expect(manifest.parameters).toContainEqual({ name: "api_key", type: "text", required: true, secure: true });
    expect(new TextDecoder().decode(unpacked["assets/app.js"])).toContain("{{setting.api_key}}");
    expect(zendeskAppProblems(new Map(Object.entries(unpacked)))).toEqual([]);
  });

  it("refuses a Tandem reached over plain http", () => {
    expect(() => packageZendeskApp("http://tandem.example.com")).toThrow(/https only/);
  });

  it.each([
    [
      "an unknown location",
      (m: Record<string, unknown>) => ((m.location as { support: Record<string, unknown> }).support.sidebar = "assets/iframe.html"),
      /not a location/,
    ],
    [
      "a location page that is not in the app",
      (m: Record<string, unknown>) => ((m.location as { support: Record<string, unknown> }).support.top_bar = "assets/nope.html"),
      /not in the app/,
    ],
    ["framework version 1", (m: Record<string, unknown>) => (m.frameworkVersion = "1.0"), /frameworkVersion/],
    ["no author email", (m: Record<string, unknown>) => (m.author = { name: "T" }), /author/],
    ["a secure setting with no allowed domain", (m: Record<string, unknown>) => (m.domainWhitelist = []), /domainWhitelist/],
    [
      "a parameter without a label",
      (m: Record<string, unknown>) => (m.parameters as unknown[]).push({ name: "region", type: "text" }),
      /app\.parameters\.region\.label/,
    ],
    [
      "an unknown parameter type",
      (m: Record<string, unknown>) => ((m.parameters as Array<Record<string, unknown>>)[0].type = "string"),
      /not a parameter type/,
    ],
  ])("names %s as a problem", (_name, change, problem) => {
    expect(zendeskAppProblems(withManifest(change)).join("\n")).toMatch(problem);
  });

  it("names wrong logo sizes and stray files", () => {
    const files = forTandem(readAppFiles(), TANDEM);
    files.set("assets/logo.png", files.get("assets/logo-small.png")!);
    files.set("notes.txt", new Uint8Array([1]));
    expect(zendeskAppProblems(files)).toEqual(
      expect.arrayContaining([expect.stringMatching(/logo\.png must be 320×320/), expect.stringMatching(/notes\.txt: a package holds only/)]),
    );
  });
});
