import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { HandoverHow, HandoverState } from "./entity";

registerEnumType(HandoverState, {
  name: "HandoverState",
  description: "A completed order's handover: awaiting the buyer's confirmation, confirmed, or objected to by the buyer.",
});
registerEnumType(HandoverHow, {
  name: "HandoverConfirmation",
  description:
    "How a handover was confirmed: the buyer's code typed or scanned by the seller, the buyer's own confirmation, or automatically after 48 hours without an objection.",
});

@ObjectType({ description: "How the goods of an order reached the buyer, as its buyer, seller and admins see it." })
export class OrderHandover {
  @Field(() => HandoverState, { nullable: true, description: "Null until the order is completed." })
  state: HandoverState | null;

  @Field(() => HandoverHow, { nullable: true, description: "How it was confirmed (once confirmed)." })
  confirmedBy: HandoverHow | null;

  @Field(() => Date, { nullable: true, description: "While awaiting the buyer: when it is confirmed automatically without an objection." })
  confirmDueAt: Date | null;

  @Field(() => String, { nullable: true, description: "The buyer's reason when they objected." })
  objection: string | null;

  @Field(() => Date, { nullable: true, description: "When it was confirmed or objected to." })
  settledAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "A meetup order not finished yet: from when the seller may complete it (with the code or without), a little before the agreed time; null otherwise.",
  })
  opensAt: Date | null;

  @Field(() => Int, { description: "Wrong codes the seller may still type (0: the code path is locked; the buyer confirms instead)." })
  codeTriesLeft: number;
}
