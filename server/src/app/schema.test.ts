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

  // a TypeGraphQL middleware made each price a chain of promises (24 on a shop page)
  it("gives every money field a synchronous resolver from the root's paisa", () => {
    const schema = buildAppSchema();
    const product = schema.getType("Product");
    if (!isObjectType(product)) throw new Error("Product is not an object type");
    const { price, oldPrice } = product.getFields();
    const info = {} as Parameters<NonNullable<typeof price.resolve>>[3];
    expect(price.resolve!({ pricePaisa: 123_456 }, {}, {}, info)).toBe(1234.56);
    expect(oldPrice.resolve!({ oldPricePaisa: null }, {}, {}, info)).toBeNull();

    const moneyFields = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()))
      .filter((field) => field.extensions.paisaProperty);
    expect(moneyFields.length).toBeGreaterThan(10);
    for (const field of moneyFields) expect(field.resolve!({ [field.extensions.paisaProperty as string]: 5 }, {}, {}, info)).toBe(0.05);
  });
});
