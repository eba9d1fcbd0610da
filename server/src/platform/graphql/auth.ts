import { GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString, DirectiveLocation } from "graphql";
import { Authorized, createParameterDecorator, Directive, type AuthCheckerFn } from "type-graphql";
import { assertRole, type AuthUser, type Role } from "../auth/roles";
import { unauthenticated } from "../shared/errors";
import type { Context } from "./context";

/** `@auth` in schema.graphql: the field needs a signed-in caller, with one of `requires` when given. */
export const authDirective = new GraphQLDirective({
  name: "auth",
  description: "The field needs a signed-in caller; with `requires`, one whose role is listed.",
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
  args: { requires: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) } },
});

/**
 * Guards a field and documents the guard in the schema in one step, so the two cannot drift.
 * `@Allow()` = any signed-in user; `@Allow(Role.ADMIN)` = admins only.
 */
export function Allow(...roles: Role[]): MethodDecorator & PropertyDecorator {
  const directive = roles.length ? `@auth(requires: [${roles.map((r) => JSON.stringify(r)).join(", ")}])` : "@auth";
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    Authorized(...roles)(target, key, descriptor as never);
    Directive(directive)(target, key, descriptor as never);
  };
}

/** TypeGraphQL's auth checker: anonymous -> UNAUTHENTICATED, wrong role -> FORBIDDEN. */
export const authChecker: AuthCheckerFn<Context, Role> = ({ context }, roles) => {
  assertRole(context.user, roles);
  return true;
};

/**
 * The signed-in caller, for a field guarded by `@Allow`: the guard holds the role rule, so services
 * take an `AuthUser` and never repeat it. Without a guard, an anonymous call still fails closed.
 */
export function Caller() {
  return createParameterDecorator<Context>(({ context }): AuthUser => {
    if (!context.user) throw unauthenticated();
    return context.user;
  });
}
