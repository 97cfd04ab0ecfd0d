import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_PAGES, navItems } from "./pages";

const CONSOLE = path.join(process.cwd(), "app", "(console)");

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? pageFiles(full) : entry.name === "page.tsx" ? [full] : [];
  });
}

describe("the console's pages", () => {
  it("are each declared, and each guards itself with its own declaration", () => {
    const files = pageFiles(CONSOLE);
    expect(files.length).toBe(Object.keys(CONSOLE_PAGES).length);
    for (const file of files) {
      const route = "/" + path.relative(CONSOLE, path.dirname(file)).split(path.sep).join("/");
      const name = Object.entries(CONSOLE_PAGES).find(([, page]) => page.route === route)?.[0];
      expect(name, `${route} is declared in lib/console/pages.ts`).toBeDefined();
      expect(fs.readFileSync(file, "utf8"), route).toContain(`await requirePage(CONSOLE_PAGES.${name})`);
    }
  });

  it("are in each role's navigation and palette when the role may open them", () => {
    expect(navItems("agent").map((item) => item.label)).toEqual(["Usage", "Visitors", "Sessions"]);
    expect(navItems("lead").map((item) => item.label)).toEqual(["Usage", "Visitors", "Sessions", "Agents", "Audit"]);
    expect(navItems("admin")).toContainEqual({ href: "/settings", label: "Settings" });
  });
});
