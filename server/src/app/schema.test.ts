import { readFileSync } from "node:fs";
import path from "node:path";
import { isInputObjectType, isIntrospectionType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildAppSchema, printAppSchema } from "./schema";

describe("schema.graphql", () => {
  it("is what the code emits (run `npm run schema` after changing the API)", () => {
    const committed = readFileSync(path.resolve(__dirname, "../../../schema.graphql"), "utf8");
    expect(committed).toBe(printAppSchema());
  });

  it("documents every type, field and argument", () => {
    const missing: string[] = [];
    for (const type of Object.values(buildAppSchema().getTypeMap())) {
      if (type.name.startsWith("__") || isIntrospectionType(type) || ["String", "Int", "Float", "Boolean", "ID"].includes(type.name))
        continue;
      // the root types are containers; their fields carry the documentation
      if (!type.description && !["Query", "Mutation", "Subscription"].includes(type.name)) missing.push(type.name);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of "args" in field ? field.args : []) {
            if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("shows the role directive on protected fields", () => {
    const sdl = printAppSchema();
    expect(sdl).toMatch(/directive @auth\(requires: \[String!\]\)/);
    expect(sdl).toMatch(/me: User! @auth/);
  });
});
