import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Import graphs read by the TypeScript parser (no type-checking: the whole repository in a few
 * seconds), and their strongly connected components: the module check (app/module-graph.test.ts)
 * and the file check (scripts/import-cycles.test.ts) share them.
 */
export type Graph = Map<string, Set<string>>;

/** Every file under `dir`, skipping dependencies and build output. */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name === "dist" || name === "dist-bench" || name === "generated") return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : [full];
  });

/** Tests and the test helpers (`testing.ts`) may reach anywhere; the product code may not. */
export const isProductCode = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)testing\.ts$/.test(file);

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The file a relative specifier names (`./x` → `./x.ts`, `./x/index.ts`, ...), or undefined when it names none. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ""));
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate));
}

/**
 * The files `file` loads when it runs: its relative imports, re-exports and dynamic `import()`s.
 * `import type` and `export type` load nothing, so they make no edge (as import-x/no-cycle counted).
 */
export function runtimeImports(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((target): target is string => target !== undefined);
}

/** File -> the files it loads, for these files; `read` may stand in for the disk (a test's fixture). */
export function fileGraph(files: string[], read: (file: string) => string = (file) => readFileSync(file, "utf8")): Graph {
  return new Map(files.map((file) => [file, new Set(runtimeImports(file, read(file)))]));
}

/** Tarjan's strongly connected components, each sorted, largest first. */
export function stronglyConnected(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => b.length - a.length);
}

/** The components of more than one node: nodes that reach each other around a loop. */
export const knots = (graph: Graph) => stronglyConnected(graph).filter((component) => component.length > 1);
