import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { type Graph, isProductCode, knots, sourceFiles, stronglyConnected } from "../test/import-graph";

/**
 * The feature modules form no cycle: module A importing module B (any file of A, tests and their
 * helpers aside, importing any file of B) is an edge, and no strongly connected component of that
 * graph may hold more than one module. A step that spans modules is a reaction to an event
 * (app/reactions.ts) or a function app/ hands in, not an import back.
 */

const MODULES = path.resolve(__dirname, "../modules");

/** Module -> the modules its product code imports (relative imports and re-exports, read by the TypeScript parser). */
function moduleGraph(root: string): Graph {
  const graph: Graph = new Map();
  for (const module of readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory())) {
    const uses = new Set<string>();
    for (const file of sourceFiles(path.join(root, module)).filter(isProductCode)) {
      for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, false).importedFiles) {
        if (!fileName.startsWith(".")) continue;
        const [target] = path.relative(root, path.resolve(path.dirname(file), fileName)).split(path.sep);
        if (target !== module && target !== ".." && target !== "" && !path.isAbsolute(target)) uses.add(target);
      }
    }
    graph.set(module, uses);
  }
  return graph;
}

describe("the module graph", () => {
  it("has no cycle: every strongly connected component is one module", () => {
    const graph = moduleGraph(MODULES);
    expect(graph.size).toBeGreaterThan(20);
    console.log(
      [...graph].map(([module, uses]) => `${module} -> ${[...uses].sort().join(", ") || "(none)"}`).join("\n"),
      "\nstrongly connected components:",
      stronglyConnected(graph)
        .map((component) => component.join("+"))
        .join(" "),
    );
    expect(knots(graph), "modules that import each other, directly or around a loop").toEqual([]);
  });

  it("would fire on a cycle, however long", () => {
    const fixture: Graph = new Map([
      ["orders", new Set(["products", "users"])],
      ["products", new Set(["users", "reviews"])],
      ["reviews", new Set(["orders", "users"])],
      ["users", new Set<string>()],
      ["alerts", new Set(["products", "platform-like-outsider"])],
    ]);
    expect(knots(fixture)).toEqual([["orders", "products", "reviews"]]);
    fixture.get("reviews")!.delete("orders");
    expect(knots(fixture)).toEqual([]);
    fixture.get("orders")!.add("alerts");
    expect(knots(fixture)).toEqual([]);
    // products -> reviews -> users -> products
    fixture.get("users")!.add("products");
    expect(knots(fixture)).toEqual([["products", "reviews", "users"]]);
  });

  it("reads the product code's imports as edges, and a test's as none", () => {
    const graph = moduleGraph(MODULES);
    // orders/entity.ts imports users' entity
    expect(graph.get("orders")?.has("users")).toBe(true);
    // meetups' product code reads orders' rows by SQL only, while its test imports orders' entity
    expect(graph.get("meetups")?.has("orders")).toBe(false);
  });
});
