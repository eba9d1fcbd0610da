import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { selectedFields } from "./selection";

/** What a resolver of the operation's first root field is told of its query. */
function infoOf(query: string, variableValues: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments, variableValues };
}

describe("selectedFields", () => {
  it("lists the fields asked through inline and named fragments, each with its first selection's arguments, variables resolved", () => {
    const info = infoOf(
      `query ($page: Int) { product(id: "1") {
        id ... on Product { reviews(page: $page, pageSize: 5) { totalItems } }
        ...Held
        later: reviews(page: 9) { totalItems }
      } }
      fragment Held on Product { heldReservations { buyerId } ...Held2 }
      fragment Held2 on Product { reservedUntil }`,
      { page: 2 },
    );
    const fields = selectedFields(info);
    expect([...fields.keys()].sort()).toEqual(["heldReservations", "id", "reservedUntil", "reviews"]);
    expect(fields.get("reviews")).toEqual({ page: 2, pageSize: 5 });
    expect(fields.get("id")).toEqual({});
  });

  it("gives an argument whose variable was not sent as undefined (the field's default applies), and reads the variables anew per request", () => {
    const query = `query ($page: Int) { product(id: "1") { reviews(page: $page) { totalItems } } }`;
    const info = infoOf(query);
    expect(selectedFields(info).get("reviews")).toEqual({ page: undefined });
    expect(selectedFields({ ...info, variableValues: { page: 3 } }).get("reviews")).toEqual({ page: 3 });
  });
});
