import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const SERVICE = {
  group: ["@/lib/service", "@/lib/service/*", "**/lib/service/*"],
  message: "The console reaches the service only through the API (lib/client).",
};

// The service and the console meet only through the API: what both write (the audit log) is in lib/audit.
const CONSOLE = {
  group: ["@/lib/console", "@/lib/console/*", "**/lib/console/*"],
  message: "The service never imports the console: the audit log is lib/audit, the rest goes through the API.",
};

// The audit log sits below both halves: its table and recordAudit, on the database alone.
const HALVES = {
  group: ["@/lib/console", "@/lib/console/*", "**/lib/console/*", "@/lib/service", "@/lib/service/*", "**/lib/service/*"],
  message: "lib/audit is below the console and the service: it imports neither.",
};

/**
 * The embedded service's folders by floor, the ground first. A folder stands above all it imports, so an
 * import from a folder to one on its own floor or a higher one is an error: the domain by resource, then
 * live sessions, then the doors (the AI agents' MCP, helpdesk apps' integrations) and the HTTP transport,
 * then the routes (with the start-up files at the service's root) on top. Every folder stands on one
 * (scripts/lint-boundaries.test.ts checks it).
 */
const SERVICE_FLOORS = [
  ["core", "outbound"],
  ["teams", "webhooks"],
  ["visitors"],
  ["sessions", "proxy"],
  ["live"],
  ["mcp", "integrations", "http"],
  ["routes"],
];

function serviceFloorZones() {
  const top = ["./lib/service/*.ts"];
  return SERVICE_FLOORS.flatMap((floor, level) =>
    floor.map((folder) => ({
      target: `./lib/service/${folder}`,
      from: [
        ...SERVICE_FLOORS.slice(level)
          .flat()
          .filter((other) => other !== folder)
          .map((other) => `./lib/service/${other}/**`),
        ...top,
      ],
      message: `lib/service/${folder} is on floor ${level + 1} of the service (eslint.config.mjs, SERVICE_FLOORS): it imports only folders below it.`,
    })),
  );
}

// Imports run from app/ down: components take actions and helpers from lib/, never from a page's folder.
const APP = {
  group: ["@/app", "@/app/*", "**/app/*"],
  message: "Only app/ imports app/: put what a component needs (actions, helpers) in lib/.",
};

// The console's reads are reached through their declarations, never by a path spelled out: the handler,
// the browser's URL, its query key and its answer's type then cannot drift apart.
// (esquery reads a selector's regex up to its first slash: the path's slashes are spelled \x2F.)
const CONSOLE_READ_PATH = String.raw`\x2Fapi\x2Fconsole(?![\w-])`;
const SPELLED_READ_PATH = {
  selector: `Literal[value=/${CONSOLE_READ_PATH}/], TemplateElement[value.raw=/${CONSOLE_READ_PATH}/]`,
  message: "Reach a console read by its declaration (lib/console/reads): readUrl, useConsoleRead or fetchRead with READ_ROUTES.",
};

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // `const { secret, ...rest } = value` is how a field is dropped; `_name` marks an unused argument.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // One object per folder for no-restricted-imports: in flat config a later object setting the rule for
  // the same file replaces the earlier one's patterns, so each folder lists all of its own here.
  {
    // The console and its clients never import the embedded service: it works the same against any API.
    files: ["app/(console)/**", "app/(auth)/**", "app/api/**", "lib/console/**", "lib/client/**", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [SERVICE] }] },
  },
  {
    files: ["components/**"],
    ignores: ["components/watch/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [SERVICE, APP] }] },
  },
  {
    // The browser's halves of a live session share the wire's shapes through the contract only.
    files: ["lib/visitor/**", "components/watch/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ ...SERVICE, message: "The visitor script and the watch page take the wire's shapes from lib/contract." }, APP] },
      ],
    },
  },
  {
    // The service never imports the console, tests included.
    files: ["lib/service/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [CONSOLE] }] },
  },
  {
    // The service's floors: a folder imports only folders on floors below its own (its tests aside).
    files: ["lib/service/**"],
    ignores: ["**/*.test.ts"],
    rules: { "import/no-restricted-paths": ["error", { zones: serviceFloorZones() }] },
  },
  {
    files: ["lib/audit/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [HALVES] }] },
  },
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    ignores: ["lib/console/reads/routes.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", SPELLED_READ_PATH] },
  },
  {
    // The contract is shapes only: zod and its OpenAPI helper, nothing of the app.
    files: ["lib/contract/**"],
    ignores: ["**/*.test.ts", "lib/contract/test-helpers.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!zod$|@asteasolutions/zod-to-openapi$|\\.{1,2}/)",
              message: "lib/contract imports only zod, its OpenAPI helper and its own modules.",
            },
          ],
        },
      ],
    },
  },
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      ".data/**",
      "node_modules/**",
      "lib/db/migrations/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "public/cobrowse*.js",
      "public/proxy-runtime.js",
      "public/viewer.js",
      "packages/*/dist/**",
      "test-results*/**",
    ],
  },
];

export default config;
