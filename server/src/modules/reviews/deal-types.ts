import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { DealSide } from "./deal-entity";

registerEnumType(DealSide, {
  name: "DealSide",
  description: "Who wrote a review of an order.",
  valuesConfig: {
    BUYER: { description: "The buyer, of the seller and the item." },
    SELLER: { description: "The seller, of the buyer." },
  },
});

@ObjectType("DealReview", { description: "One side's review of a completed order: three parts whose average is its stars." })
export class DealReviewObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => DealSide, { description: "Who wrote it: the order's buyer or its seller." })
  side: DealSide;

  @Field(() => Int, { description: "Item as described (the buyer's view) or the buyer as agreed (the seller's view), 1 to 5." })
  asDescribed: number;

  @Field(() => Int, { description: "Communication, 1 to 5." })
  communication: number;

  @Field(() => Int, { description: "Punctuality, 1 to 5." })
  punctuality: number;

  @Field(() => Float, { description: "The average of the three parts, to two decimals." })
  stars: number;

  @Field(() => String, { description: "The comment, 1 to 1000 characters." })
  comment: string;

  @Field(() => Date, { description: "When it was written." })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "When it became visible to the other side; null while hidden." })
  revealedAt: Date | null;
}

@ObjectType("OrderReviews", {
  description:
    "An order's two-way reviews as its buyer or seller sees them: their own always; the other side's once both are written or the window closed.",
})
export class OrderReviewsObject {
  @Field(() => Date, { nullable: true, description: "When the 14-day review window closes; null while the order is not completed." })
  closesAt: Date | null;

  @Field(() => DealReviewObject, { nullable: true, description: "The caller's own review." })
  mine: DealReviewObject | null;

  @Field(() => DealReviewObject, { nullable: true, description: "The other side's review, once revealed." })
  theirs: DealReviewObject | null;

  @Field(() => Boolean, { description: "The other side has written theirs (it may still be hidden)." })
  theirsWritten: boolean;

  @Field(() => Boolean, { description: "The caller may write their review now." })
  canReview: boolean;
}

@InputType("DealReviewInput", { description: "A review of a completed order, by its buyer or its seller." })
export class DealReviewInputObject {
  @Field(() => ID, { description: "The completed order." })
  orderId: string;

  @Field(() => Int, { description: "Item as described (buyer) or buyer as agreed (seller), 1 to 5." })
  asDescribed: number;

  @Field(() => Int, { description: "Communication, 1 to 5." })
  communication: number;

  @Field(() => Int, { description: "Punctuality, 1 to 5." })
  punctuality: number;

  @Field(() => String, { description: "1 to 1000 characters." })
  comment: string;
}
