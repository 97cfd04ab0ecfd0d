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
    // The service's transport sits on its domain: only routes/ import http/, and nothing below imports routes/.
    files: ["lib/service/**"],
    ignores: ["lib/service/http/**", "lib/service/routes/**", "**/*.test.ts", "**/test-*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/http/*", "**/routes", "**/routes/*", "@/lib/service/http/*", "@/lib/service/routes", "@/lib/service/routes/*"],
              message: "The service's domain does not import its transport: routes/ call the domain, not the other way.",
            },
            CONSOLE,
          ],
        },
      ],
    },
  },
  {
    files: ["lib/service/http/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/routes", "**/routes/*", "@/lib/service/routes", "@/lib/service/routes/*"], message: "http/ is below the routes: they bind to it." },
            CONSOLE,
          ],
        },
      ],
    },
  },
  {
    files: ["lib/service/routes/**", "lib/service/**/*.test.ts", "lib/service/**/test-*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [CONSOLE] }] },
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
