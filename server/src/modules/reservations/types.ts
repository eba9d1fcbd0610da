import { Field, ID, ObjectType } from "type-graphql";

@ObjectType("HeldReservation", { description: "A unit of the caller's listing held for a buyer of an accepted offer." })
export class HeldReservationObject {
  @Field(() => ID, { description: "The buyer it is held for." })
  buyerId: string;

  @Field(() => String, { nullable: true, description: "The buyer's username; null once their account is gone." })
  buyerName: string | null;

  @Field(() => Date, { description: "When it lapses unless bought or let go." })
  expiresAt: Date;
}
