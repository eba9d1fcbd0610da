import type { CodegenConfig } from "@graphql-codegen/cli";
import * as apolloHooks from "./scripts/codegen/apollo-hooks-plugin";

/**
 * `npm run codegen`: schema.graphql + the web's .graphql operations -> typed documents
 * (client-preset) and one typed Apollo hook per operation (our small plugin).
 */
const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["web/src/**/*.graphql"],
  ignoreNoDocuments: true,
  // this config is loaded as TypeScript, so our TypeScript plugin can be handed over directly
  pluginLoader: (name: string) => (name.endsWith("apollo-hooks") ? apolloHooks : import(name)),
  generates: {
    "web/src/generated/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        scalars: { DateTimeISO: "string" },
        enumsAsTypes: true,
        useTypeImports: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
      },
    },
    "web/src/generated/hooks.ts": {
      plugins: ["apollo-hooks"],
    },
  },
};

export default config;
