import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileGraph, knots, sourceFiles } from "../server/src/test/import-graph";

/**
 * No import cycles between files, anywhere in the repository's TypeScript: a file loads only files
 * that never load it back, directly or around a loop. Read by the TypeScript parser alone (a few
 * seconds for every file), where ESLint's import-x/no-cycle re-read every dependency of every file
 * and took a third of a lint run. `import type` loads nothing and makes no edge.
 */

const root = path.resolve(__dirname, "..");
const FOLDERS = ["server/src", "web/src", "packages/rules/src", "e2e", "scripts"];

const typescriptFiles = () => FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder))).filter((file) => /\.tsx?$/.test(file));
const relative = (files: string[]) => files.map((file) => path.relative(root, file));

describe("import cycles", () => {
  // parsing every file takes seconds, and a busy machine many times that
  it("there are none between the repository's files", { timeout: 180_000 }, () => {
    const files = typescriptFiles();
    expect(files.length).toBeGreaterThan(500);
    const graph = fileGraph(files);
    // the graph sees the imports: the server's entry loads its app
    expect(graph.get(path.join(root, "server/src/main.ts"))?.size).toBeGreaterThan(0);
    expect(knots(graph).map(relative), "files that load each other, directly or around a loop").toEqual([]);
  });

  it("would fire on a cycle: errors.ts importing validation.ts, which imports errors.ts", () => {
    // platform/shared/validation.ts imports ./errors: errors importing validation closes a cycle
    const errors = path.join(root, "server/src/platform/shared/errors.ts");
    const validation = path.join(root, "server/src/platform/shared/validation.ts");
    const read = (file: string) =>
      file === errors ? `import { parseInput } from "./validation";\nexport const check = parseInput;\n` : readFileSync(file, "utf8");
    expect(knots(fileGraph([errors, validation], read)).map(relative)).toEqual([
      ["server/src/platform/shared/errors.ts", "server/src/platform/shared/validation.ts"],
    ]);
    // a type-only import loads nothing: no cycle
    const typeOnly = (file: string) => (file === errors ? `import type { parseInput } from "./validation";\n` : readFileSync(file, "utf8"));
    expect(knots(fileGraph([errors, validation], typeOnly))).toEqual([]);
    // a dynamic import() loads the file when it runs: a cycle
    const dynamic = (file: string) =>
      file === errors ? `export const later = () => import("./validation");\n` : readFileSync(file, "utf8");
    expect(knots(fileGraph([errors, validation], dynamic))).toHaveLength(1);
  });
});
