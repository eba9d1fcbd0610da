import { isObjectType, type GraphQLSchema } from "graphql";
import { getMetadataStorage } from "type-graphql";

/**
 * Lets the executor read the schema's plain fields straight off their object. TypeGraphQL gives
 * every `@Field` property a resolver of its own, which allocates its arguments and runs the (empty)
 * middleware chain to return `root[name]`; graphql-jit then calls it and checks its result for a
 * promise, field by field: a product page has some 90 such fields. A field keeps TypeGraphQL's
 * resolver when it does anything more: a guard (`@Authorized`, `@Allow`), a middleware, a
 * `@FieldResolver`, or a property named other than the field. For schemas built without global
 * middlewares (TypeGraphQL would run those on every field).
 */
export function readPlainFieldsDirectly(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage();
  const resolved = new Set(storage.fieldResolvers.map((resolver) => resolver.getObjectType?.()));
  const hasFieldResolver = (target: (typeof storage.fields)[number]["target"], name: string) =>
    resolved.has(target) &&
    storage.fieldResolvers.some((resolver) => resolver.getObjectType?.() === target && resolver.methodName === name);
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    const fields = type.getFields();
    const interfaces = storage.interfaceTypes.filter((it) => objectType.interfaceClasses?.includes(it.target));
    // as TypeGraphQL builds the type: the interfaces' fields, then its own (a field of both is its own)
    const declared = new Map([...interfaces.flatMap((it) => it.fields ?? []), ...(objectType.fields ?? [])].map((f) => [f.schemaName, f]));
    for (const field of declared.values()) {
      const built = fields[field.schemaName];
      if (
        !built?.resolve ||
        field.name !== field.schemaName ||
        field.roles !== undefined ||
        field.middlewares?.length ||
        hasFieldResolver(field.target, field.name)
      )
        continue;
      built.resolve = undefined;
    }
  }
  return schema;
}
