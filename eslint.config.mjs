// ESLint (flat config): typescript-eslint with type information, and the import rules that keep the
// layers apart (docs/architecture.md explains them). Run `npm run lint`.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));
const webFeatures = readdirSync(path.join(root, "web/src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverModules = readdirSync(path.join(root, "server/src/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The layer rules: each zone forbids files under `target` to import files under `from`. */
export const layerZones = [
  {
    target: "./server/src/platform",
    from: ["./server/src/modules", "./server/src/app"],
    message: "platform/ is infrastructure: it never imports a feature module or app/ (see docs/architecture.md).",
  },
  {
    target: "./server/src/modules",
    from: "./server/src/app",
    message: "A feature module never imports app/: app/ composes the features, not the other way round.",
  },
  {
    target: ["./web/src/components", "./web/src/lib"],
    from: ["./web/src/features", "./web/src/app", "./web/src/domain"],
    message:
      "Generic web code (components/, lib/) never imports a feature, app/ or domain/: it knows nothing of orders, listings or users.",
  },
  {
    target: "./web/src/domain",
    from: ["./web/src/features", "./web/src/app"],
    message: "domain/ (the marketplace's pieces several features show) never imports a feature or app/: features and app/ compose it.",
  },
  {
    target: "./web/src/features",
    from: "./web/src/app",
    message:
      "A web feature never imports app/: app/ composes the features (layouts, the cart beside the checkout), not the other way round.",
  },
  // a server module uses another only through its index.ts, its public face (tests and their helpers may reach further)
  ...serverModules.map((module) => ({
    target: `./server/src/modules/${module}/**/!(*.test|testing).ts`,
    from: `./server/src/modules/!(${module})/**`,
    except: [path.join(root, "server/src/modules/*/index.ts")],
    message: `A module imports another module only through its index.ts (its public face): import from "../<module>", or add what you need to that index.`,
  })),
  // app/ composes the modules through their index.ts as well (its tests may reach further)
  {
    target: "./server/src/app/**/!(*.test).ts",
    from: "./server/src/modules/**",
    except: [path.join(root, "server/src/modules/*/index.ts")],
    message: `app/ uses a module only through its index.ts (its public face): import from "../modules/<module>", or add what you need to that index.`,
  },
  // web features never import each other; only web/src/app composes them
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: "./web/src/features",
    except: [`./${feature}`],
    message:
      "A web feature never imports another feature: move the shared part to domain/ (orders, listings, users...) or components/ and lib/ (generic), or compose in app/.",
  })),
];

/**
 * Web folders whose words are all in the catalogues (web/src/locales, docs/architecture.md "Adding a
 * string"): their JSX may hold no literal text a reader sees. A folder joins the list once extracted.
 */
export const extractedWebFolders = [
  "web/src/app",
  "web/src/lib",
  "web/src/features/dashboard",
  "web/src/features/notifications",
  "web/src/features/messages",
  "web/src/features/orders",
  "web/src/features/pages",
  "web/src/features/sellers",
  "web/src/features/home",
  "web/src/features/shop",
  "web/src/features/product",
  "web/src/features/cart",
  "web/src/features/checkout",
  "web/src/features/wanted",
  "web/src/components",
  "web/src/domain",
  "web/src/features/auth",
  "web/src/features/saved",
  "web/src/features/alerts",
];

/** No literal words in JSX text or in the attributes a reader sees or hears (markup only: not sx, variant, to...). */
export const literalStringRule = {
  plugins: { i18next },
  rules: {
    "i18next/no-literal-string": [
      "error",
      {
        mode: "jsx-only",
        "jsx-attributes": {
          include: ["alt", "aria-label", "aria-description", "title", "placeholder", "label", "helperText", "primary", "secondary"],
        },
        message: "A reader sees this text: put it in the catalogue (web/src/locales) and show it with t().",
      },
    ],
  },
};

/** A file past these sizes does more than one job: split it along its seams (scripts/lint-rules.test.ts checks both). */
export const fileSizeRules = [
  { files: ["web/src/**/*.{ts,tsx}"], ignores: ["web/src/generated/**"], rules: { "max-lines": ["error", { max: 250 }] } },
  { files: ["server/src/modules/**/*.ts"], rules: { "max-lines": ["error", { max: 400 }] } },
];

/** The import rules alone (scripts/lint-rules.test.ts checks that each fires on a deliberate violation). */
export const importRules = {
  plugins: { "import-x": importX },
  settings: {
    // without these, import-x resolves no TypeScript import and the zones see nothing
    "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
    "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
    "import-x/resolver-next": [
      createTypeScriptImportResolver({
        project: ["server/tsconfig.json", "web/tsconfig.json", "e2e/tsconfig.json"],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: {
    "import-x/no-restricted-paths": ["error", { basePath: root, zones: layerZones }],
  },
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "**/dist/",
      "**/dist-bench/",
      "web/src/generated/",
      "coverage/",
      ".data/",
      ".test-data/",
      "**/*.js",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  importRules,
  {
    languageOptions: {
      parserOptions: {
        // one TypeScript program for everything but the web app (see tsconfig.eslint.json)
        project: "tsconfig.eslint.json",
        tsconfigRootDir: root,
      },
    },
    rules: {
      "no-lone-blocks": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // React event handlers may be async; the promise is handled inside them. Object properties are not
      // checked: asking each property for its contextual type (MUI's sx, Apollo's options) cost a tenth
      // of the lint, and the calls that take a callback (arguments) are still checked
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false, properties: false } }],
      // react-router's navigate() returns a promise only for data routers, which this app does not use
      "@typescript-eslint/no-floating-promises": [
        "error",
        { allowForKnownSafeCalls: [{ from: "package", package: "react-router", name: "NavigateFunction" }] },
      ],
      // Apollo's plugin hooks and Express handlers are async by contract even when they do not await
      "@typescript-eslint/require-await": "off",
      // `any` arrives from raw SQL rows (dataSource.query) and parsed JSON bodies; typing those rows is a
      // separate change, so the no-unsafe-* family is not enforced yet
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-enum-comparison": "off",
    },
  },
  {
    files: ["web/**/*.{ts,tsx,mts}"],
    languageOptions: { parserOptions: { project: "web/tsconfig.json" } },
  },
  {
    // the rules of hooks and the React Compiler's checks (pure renders, no state set in effects, refs read in handlers)
    files: ["web/src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: extractedWebFolders.map((folder) => `${folder}/**/*.tsx`),
    ignores: ["**/*.test.tsx"],
    ...literalStringRule,
  },
  ...fileSizeRules,
  {
    // tests read untyped JSON answers
    files: ["**/*.test.ts", "**/*.test.tsx", "server/src/test/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
