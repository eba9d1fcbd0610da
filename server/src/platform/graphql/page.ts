import { Field, Int, ObjectType, type ClassType } from "type-graphql";

/**
 * The GraphQL shape of a numbered page (`toPage` in platform/shared/pagination.ts), for one item
 * type: `export class OrderPage extends PageOf<OrderView>(OrderView, {...}) {}`. `Item` is what the
 * service returns when it differs from the GraphQL class (a view type of the same shape).
 */
export function PageOf<Item>(itemType: ClassType<object>, describe: { items: string; totalItems: string }) {
  @ObjectType()
  abstract class Page {
    @Field(() => [itemType], { description: describe.items })
    items: Item[];

    @Field(() => Int, { description: describe.totalItems })
    totalItems: number;

    @Field(() => Int, { description: "Number of pages (0 when there are none)." })
    totalPages: number;

    @Field(() => Int, { description: "This page's number, from 1." })
    page: number;

    @Field(() => Int, { description: "Items per page." })
    pageSize: number;

    @Field(() => Boolean, { description: "There is a page after this one." })
    hasNextPage: boolean;
  }
  return Page;
}
