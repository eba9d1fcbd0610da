import { isObjectType, type GraphQLSchema } from "graphql";
import { Extensions, Field, Float } from "type-graphql";
import { toRupees } from "../shared/money";

/** The field extension that names the property holding a money field's paisa. */
const PAISA_PROPERTY = "paisaProperty";

/**
 * The one way money leaves GraphQL: the object carries integer paisa under the decorated property
 * (`totalPaisa`), the schema shows PKR as a Float under `name` (`total`). Roots are the entities or
 * computed figures as they are, so no view copies them field by field to convert. The conversion
 * is set on the built schema by `resolveMoneyFields`.
 */
export function MoneyField(options: { name: string; description: string; nullable?: boolean }): PropertyDecorator {
  return (target, property) => {
    Field(() => Float, options)(target, property);
    Extensions({ [PAISA_PROPERTY]: String(property) })(target, property);
  };
}

/**
 * Gives every MoneyField of `schema` its resolver: PKR from the root's paisa. A plain synchronous
 * function: as a TypeGraphQL middleware each price was a chain of promises (24 on a shop page).
 */
export function resolveMoneyFields(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const property = field.extensions[PAISA_PROPERTY];
      if (typeof property !== "string") continue;
      field.resolve = (root: Record<string, number | null | undefined>) => {
        const paisa = root[property];
        return paisa == null ? null : toRupees(paisa);
      };
    }
  }
  return schema;
}
