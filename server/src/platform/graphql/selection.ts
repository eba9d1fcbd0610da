import { Kind, valueFromASTUntyped, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

/** The fields a query asks of the current field's value, by name, each with the arguments of its first selection. */
export type SelectedFields = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/** Shared by every field asked without arguments: most of a page's fields, on every request. */
const NO_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** Each field node's children by name (their first selection), found once per parsed document. */
const childrenOf = new WeakMap<FieldNode, Map<string, FieldNode>>();

/**
 * What the query asks of the value the current resolver returns: a resolver that can read what
 * its children need in its own statement looks here first. Inline and named fragments are looked
 * through; directives are not applied (a field under `@skip` is still listed), so a reader may
 * fetch a little more than is shown, never less. Variables are resolved; an argument left out is
 * absent (its default applies).
 */
export function selectedFields(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments" | "variableValues">): SelectedFields {
  const selected = new Map<string, Readonly<Record<string, unknown>>>();
  for (const node of info.fieldNodes) {
    let children = childrenOf.get(node);
    if (!children) childrenOf.set(node, (children = fieldsOf(node.selectionSet, info.fragments, new Set())));
    for (const [name, child] of children) {
      if (selected.has(name)) continue;
      if (!child.arguments?.length) {
        selected.set(name, NO_ARGUMENTS);
        continue;
      }
      const args: Record<string, unknown> = {};
      for (const argument of child.arguments) args[argument.name.value] = valueFromASTUntyped(argument.value, info.variableValues);
      selected.set(name, args);
    }
  }
  return selected;
}

function fieldsOf(
  set: SelectionSetNode | undefined,
  fragments: GraphQLResolveInfo["fragments"],
  spread: Set<string>,
): Map<string, FieldNode> {
  const fields = new Map<string, FieldNode>();
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      if (!fields.has(selection.name.value)) fields.set(selection.name.value, selection);
      continue;
    }
    let inner: SelectionSetNode | undefined;
    if (selection.kind === Kind.INLINE_FRAGMENT) inner = selection.selectionSet;
    else if (!spread.has(selection.name.value)) {
      // a fragment spread twice (or within itself, which validation refuses anyway) is walked once
      spread.add(selection.name.value);
      inner = fragments[selection.name.value]?.selectionSet;
    }
    for (const [name, field] of fieldsOf(inner, fragments, spread)) if (!fields.has(name)) fields.set(name, field);
  }
  return fields;
}
