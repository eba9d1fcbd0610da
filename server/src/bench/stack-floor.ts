import "reflect-metadata";
import { ApolloServer, HeaderMap } from "@apollo/server";
import type http from "node:http";
import { Arg, Field, Float, ID, Int, ObjectType, Query, Resolver, buildSchemaSync } from "type-graphql";

/**
 * The named stack alone: Apollo Server (executing as its standalone server does, on `node:http`,
 * without Express) over a TypeGraphQL schema whose one query, `product(id)`, runs the product-page
 * floor's statements and answers the same fields. Nothing of UniBazaar's own path is in it: no
 * middleware, context, limits, auth or compiled execution. The bench measures it beside the bare
 * handler, so a product page's ratio can be read against what these libraries cost by themselves.
 */

@ObjectType()
class StackSeller {
  @Field(() => ID) id!: string;
  @Field() username!: string;
  @Field(() => String, { nullable: true }) storeName!: string | null;
  @Field() isVerifiedStudent!: boolean;
}

@ObjectType()
class StackAuthor {
  @Field(() => ID) id!: string;
  @Field() username!: string;
}

@ObjectType()
class StackReview {
  @Field(() => ID) id!: string;
  @Field(() => Int) rating!: number;
  @Field() comment!: string;
  @Field() createdAt!: Date;
  @Field(() => StackAuthor) author!: StackAuthor;
}

@ObjectType()
class StackReviews {
  @Field(() => [StackReview]) items!: StackReview[];
  @Field(() => Int) totalItems!: number;
}

@ObjectType()
class StackProduct {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() category!: string;
  @Field() color!: string;
  @Field(() => Float) price!: number;
  @Field() image!: string;
  @Field() createdAt!: Date;
  @Field(() => Int) quantityAvailable!: number;
  @Field(() => StackSeller) seller!: StackSeller;
  @Field(() => StackReviews) reviews!: StackReviews;
}

/** The query the bench sends to the stack floor: every field the product floor answers. */
export const STACK_PRODUCT_QUERY = `
  query StackProduct($id: ID!) {
    product(id: $id) {
      id name description category color price image createdAt quantityAvailable
      seller { id username storeName isVerifiedStudent }
      reviews { items { id rating comment createdAt author { id username } } totalItems }
    }
  }
`;

/** Apollo and TypeGraphQL over `loadProduct` (the product floor's statements), as a `node:http` handler. */
export async function stackFloor(loadProduct: (id: string) => Promise<{ product: unknown }>) {
  @Resolver()
  class StackResolver {
    @Query(() => StackProduct, { nullable: true })
    async product(@Arg("id", () => ID) id: string): Promise<unknown> {
      return (await loadProduct(id)).product;
    }
  }
  // (the floor's process also loads the app's search helpers, whose module declares @Authorized
  // fields in TypeGraphQL's global metadata: without a checker the build refuses, though none is used here)
  const apollo = new ApolloServer({ schema: buildSchemaSync({ resolvers: [StackResolver], authChecker: () => true }) });
  await apollo.start();
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method ?? "POST", headers, search: "", body: JSON.parse(Buffer.concat(chunks).toString()) },
      context: async () => ({}),
    });
    res.writeHead(answer.status ?? 200, Object.fromEntries(answer.headers));
    res.end(answer.body.kind === "complete" ? answer.body.string : "");
  };
}
