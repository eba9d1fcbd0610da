import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { buildAppSchema } from "./schema";

/** The examples integrators copy from docs/api.md must stay valid against the live schema. */
const docs = readFileSync(path.resolve(__dirname, "../../../docs/api.md"), "utf8");
const examples = [...docs.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1]);

describe("docs/api.md", () => {
  it("has GraphQL examples", () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  it.each(examples.map((source, i) => [i + 1, source]))("example %i is valid against schema.graphql", (_i, source) => {
    const errors = validate(buildAppSchema(), parse(source)).map((e) => e.message);
    expect(errors).toEqual([]);
  });
});
