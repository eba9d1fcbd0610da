import {
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  OperationTypeNode,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  isCompositeType,
  isObjectType,
  valueFromAST,
  visit,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  type ValidationRule,
} from "graphql";
import { MAX_MUTATIONS, MAX_QUERY_COMPLEXITY, MAX_ROOT_FIELDS, MAX_SUBSCRIPTION_COMPLEXITY } from "../limits";

/**
 * Depth, root-field and cost limits of an operation. Fragments count as if written out where they
 * are spread, but each fragment is measured once (a fragment spread twice, spread twice, ... is
 * 2^n fields for n fragments of text), and every walk stops as soon as the limit is passed, so the
 * work is bounded by the limit, never by what the query would expand to.
 */

/** Cost of each root field, keyed "Query.name" / "Mutation.name" (app/root-field-costs.ts). */
export type RootFieldCosts = Record<string, number>;

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

const fragmentsOf = (document: DocumentNode): Fragments =>
  new Map(document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));

/** Thrown inside a walk to stop it at once. */
class Passed extends Error {}

/**
 * A validation rule: no field nested deeper than `maxDepth` (root fields are at depth 0; the
 * introspection fields `__schema` and `__type` are not counted). A fragment cycle is not followed
 * (NoFragmentCycles reports it).
 */
export const depthLimit =
  (maxDepth: number): ValidationRule =>
  (context) => {
    const fragments = fragmentsOf(context.getDocument());
    /** Depth of each fragment's contents, at most maxDepth + 1. */
    const known = new Map<string, number>();
    const open = new Set<string>();
    const depthOf = (set: SelectionSetNode, level: number): number => {
      let deepest = 0;
      for (const selection of set.selections) {
        let depth = 0;
        if (selection.kind === Kind.FIELD) {
          if (selection.selectionSet && !selection.name.value.startsWith("__")) depth = 1 + depthOf(selection.selectionSet, level + 1);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) depth = depthOf(selection.selectionSet, level);
        else depth = fragmentDepth(selection.name.value);
        deepest = Math.max(deepest, depth);
        if (level + deepest > maxDepth) throw new Passed();
      }
      return deepest;
    };
    const fragmentDepth = (name: string): number => {
      const fragment = fragments.get(name);
      if (!fragment || open.has(name)) return 0;
      let depth = known.get(name);
      if (depth === undefined) {
        open.add(name);
        try {
          depth = depthOf(fragment.selectionSet, 0);
        } catch (error) {
          if (!(error instanceof Passed)) throw error;
          depth = maxDepth + 1;
        } finally {
          open.delete(name);
        }
        known.set(name, depth);
      }
      return depth;
    };
    return {
      OperationDefinition(operation) {
        try {
          depthOf(operation.selectionSet, 0);
        } catch (error) {
          if (!(error instanceof Passed)) throw error;
          const name = operation.name?.value ?? "";
          context.reportError(new GraphQLError(`'${name}' exceeds maximum operation depth of ${maxDepth}`, { nodes: operation }));
        }
      },
    };
  };

/** The arguments whose value multiplies a field's cost. */
const PAGE_SIZE_ARGUMENTS = new Set(["pageSize", "limit"]);

/** A field's page size (its first numeric page-size argument, given or by default), or undefined. */
function pageSizeOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): number | undefined {
  for (const name of PAGE_SIZE_ARGUMENTS) {
    const definition = field.args.find((a) => a.name === name);
    if (!definition) continue;
    const given = node.arguments?.find((a) => a.name.value === name);
    const value: unknown = (given && valueFromAST(given.value, definition.type, variables)) ?? definition.defaultValue;
    if (typeof value === "number") return value;
  }
  return undefined;
}

/**
 * The variables whose values operationRefusal's verdict can turn on: those given as a page size or
 * as the condition of @skip or @include. Others (a product's id) change nothing but whether the
 * variables are valid, which execution checks anyway, so one verdict holds for all their values.
 */
export function variablesThatCost(document: DocumentNode): string[] {
  const names = new Set<string>();
  const note = (argument: ArgumentNode) => {
    if (argument.value.kind === Kind.VARIABLE) names.add(argument.value.name.value);
  };
  visit(document, {
    Field: (field) => field.arguments?.filter((a) => PAGE_SIZE_ARGUMENTS.has(a.name.value)).forEach(note),
    Directive: (directive) => {
      if (directive.name.value === "skip" || directive.name.value === "include")
        directive.arguments?.filter((a) => a.name.value === "if").forEach(note);
    },
  });
  return [...names];
}

/**
 * Why a valid operation is refused, or null: more root fields than MAX_ROOT_FIELDS (mutations:
 * MAX_MUTATIONS), aliases and fragments expanded, or a cost above MAX_QUERY_COMPLEXITY
 * (subscriptions: MAX_SUBSCRIPTION_COMPLEXITY). A field costs 1 plus its selection; a page of N
 * (`pageSize`/`limit`) costs 1 plus N times its selection; a root field costs its listed price plus
 * its selection (times its page size). Only the variables named by variablesThatCost are read, so
 * the verdict is the same for any values of the others; variables that do not fit their types give
 * null: execution refuses them before any resolver runs.
 */
export function operationRefusal(options: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown> | undefined;
  rootFieldCosts: RootFieldCosts;
}): string | null {
  const { schema, document, operation, rootFieldCosts } = options;
  const read = new Set(variablesThatCost(document));
  const definitions = (operation.variableDefinitions ?? []).filter((d) => read.has(d.variable.name.value));
  const coerced = getVariableValues(schema, definitions, options.variables ?? {}, { maxErrors: 1 });
  if (coerced.errors) return null;
  const variables = coerced.coerced;
  const fragments = fragmentsOf(document);
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return null;
  const included = (selection: SelectionNode) =>
    getDirectiveValues(GraphQLSkipDirective, selection, variables)?.if !== true &&
    getDirectiveValues(GraphQLIncludeDirective, selection, variables)?.if !== false;

  // root fields first: a cheap count that stops past its cap
  const maxRoot = operation.operation === OperationTypeNode.MUTATION ? MAX_MUTATIONS : MAX_ROOT_FIELDS;
  const rootCounts = new Map<string, number>();
  const countRoot = (set: SelectionSetNode, open: ReadonlySet<string>): number => {
    let count = 0;
    for (const selection of set.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.FIELD) count += selection.name.value.startsWith("__") ? 0 : 1;
      else if (selection.kind === Kind.INLINE_FRAGMENT) count += countRoot(selection.selectionSet, open);
      else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || open.has(name)) continue;
        let inFragment = rootCounts.get(name);
        if (inFragment === undefined) rootCounts.set(name, (inFragment = countRoot(fragment.selectionSet, new Set([...open, name]))));
        count += inFragment;
      }
      if (count > maxRoot) throw new Passed();
    }
    return count;
  };
  let rootFields: number;
  try {
    rootFields = countRoot(operation.selectionSet, new Set());
  } catch (error) {
    if (!(error instanceof Passed)) throw error;
    rootFields = maxRoot + 1;
  }
  if (operation.operation === OperationTypeNode.MUTATION && rootFields > MAX_MUTATIONS)
    return `Too many mutations in one request: more than ${MAX_MUTATIONS}. The maximum is ${MAX_MUTATIONS}.`;
  if (rootFields > MAX_ROOT_FIELDS)
    return `Too many fields in one request: more than ${MAX_ROOT_FIELDS}. The maximum is ${MAX_ROOT_FIELDS}.`;

  const limit = operation.operation === OperationTypeNode.SUBSCRIPTION ? MAX_SUBSCRIPTION_COMPLEXITY : MAX_QUERY_COMPLEXITY;
  const isRoot = (type: GraphQLNamedType) => type === schema.getQueryType() || type === schema.getMutationType();
  const fragmentCosts = new Map<string, number>();
  const costOf = (set: SelectionSetNode, type: GraphQLNamedType, open: ReadonlySet<string>): number => {
    let cost = 0;
    for (const selection of set.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.FIELD) {
        const field = isObjectType(type) ? type.getFields()[selection.name.value] : undefined;
        // __typename and unknown names (validation refuses those) cost 1
        if (!field) cost += 1;
        else {
          const fieldType = getNamedType(field.type);
          const child = selection.selectionSet && isCompositeType(fieldType) ? costOf(selection.selectionSet, fieldType, open) : 0;
          const size = pageSizeOf(field, selection, variables);
          // a negative page size must not make a field cheaper than nothing
          const times = Math.max(1, size ?? 1);
          const listed = isRoot(type) ? rootFieldCosts[`${type.name}.${field.name}`] : undefined;
          cost += (listed ?? 1) + child * times;
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (condition) cost += costOf(selection.selectionSet, condition, open);
      } else cost += fragmentCost(selection.name.value, open);
      if (cost > limit) throw new Passed();
    }
    return cost;
  };
  const fragmentCost = (name: string, open: ReadonlySet<string>): number => {
    const fragment = fragments.get(name);
    const type = fragment && schema.getType(fragment.typeCondition.name.value);
    if (!fragment || !type || open.has(name)) return 0;
    let cost = fragmentCosts.get(name);
    if (cost === undefined) fragmentCosts.set(name, (cost = costOf(fragment.selectionSet, type, new Set([...open, name]))));
    return cost;
  };
  try {
    costOf(operation.selectionSet, rootType, new Set());
    return null;
  } catch (error) {
    if (!(error instanceof Passed)) throw error;
    return `Query is too complex: its cost is above ${limit}, the maximum.`;
  }
}
