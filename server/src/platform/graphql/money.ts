import { Field, Float, UseMiddleware } from "type-graphql";
import { toRupees } from "../shared/money";

/**
 * The one way money leaves GraphQL: the object carries integer paisa under the decorated property
 * (`totalPaisa`), the schema shows PKR as a Float under `name` (`total`). Roots are the entities or
 * computed figures as they are, so no view copies them field by field to convert.
 */
export function MoneyField(options: { name: string; description: string; nullable?: boolean }): PropertyDecorator {
  return (target, property) => {
    Field(() => Float, options)(target, property);
    UseMiddleware(async ({ root }) => {
      const paisa = (root as Record<string | symbol, number | null | undefined>)[property];
      return paisa == null ? null : toRupees(paisa);
    })(target, property);
  };
}
