import { Field, ID, Int, ObjectType } from "type-graphql";
import { Review } from "./entity";

@ObjectType({ description: "Who wrote a review: public fields only." })
export class ReviewAuthor {
  @Field(() => ID, { description: "The reviewer's user id." })
  id: string;

  @Field(() => String, { description: "The reviewer's public name." })
  username: string;
}

@ObjectType({ description: "A page of reviews." })
export class ReviewPage {
  @Field(() => [Review], { description: "The reviews on this page, newest first." })
  items: Review[];

  @Field(() => Int, { description: "Reviews matching, over all pages." })
  totalItems: number;

  @Field(() => Int, { description: "Number of pages (0 when there are none)." })
  totalPages: number;

  @Field(() => Int, { description: "This page's number, from 1." })
  page: number;

  @Field(() => Int, { description: "Items per page." })
  pageSize: number;
}
