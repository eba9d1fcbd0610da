import { Field, ID, ObjectType } from "type-graphql";
import { Review } from "./entity";
import { PageOf } from "../../platform/graphql/page";

@ObjectType({ description: "Who wrote a review: public fields only." })
export class ReviewAuthor {
  @Field(() => ID, { description: "The reviewer's user id." })
  id: string;

  @Field(() => String, { description: "The reviewer's public name." })
  username: string;
}

@ObjectType({ description: "A page of reviews." })
export class ReviewPage extends PageOf(Review, {
  items: "The reviews on this page, newest first.",
  totalItems: "Reviews matching, over all pages.",
}) {}
