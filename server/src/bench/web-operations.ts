import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from "graphql";

/** The web app's sources, whose .graphql files hold the operations it sends. */
const WEB_SOURCES = path.resolve(__dirname, "../../../web/src");

/**
 * The web app's operations by name, each as the app sends it: the operation with every fragment it
 * spreads, read from the web's .graphql files (so a bench sends what a browser sends, and follows
 * the web when its fields change).
 */
export function webOperations(): (name: string) => string {
  const operations = new Map<string, DefinitionNode>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const file of readdirSync(WEB_SOURCES, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".graphql")) continue;
    for (const definition of parse(readFileSync(path.join(WEB_SOURCES, file), "utf8")).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      else if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) operations.set(definition.name.value, definition);
    }
  }
  return (name) => {
    const operation = operations.get(name);
    if (!operation) throw new Error(`The web app has no operation ${name}`);
    const used = new Map<string, FragmentDefinitionNode>();
    const collect = (node: DefinitionNode) =>
      visit(node, {
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (!fragment) throw new Error(`The web app has no fragment ${spread.name.value}`);
          if (used.has(fragment.name.value)) return;
          used.set(fragment.name.value, fragment);
          collect(fragment);
        },
      });
    collect(operation);
    return [operation, ...used.values()].map((definition) => print(definition)).join("\n");
  };
}
