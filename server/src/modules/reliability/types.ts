import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageOf } from "../../platform/graphql/page";
import { NoShowStatus } from "./entity";
import { TypicalReply, type ReliabilityView } from "./service";

registerEnumType(TypicalReply, {
  name: "TypicalReply",
  description: "How soon a user usually first answers a conversation someone opened with them (the median answer's bucket).",
  valuesConfig: {
    WITHIN_HOUR: { description: "Within an hour." },
    WITHIN_DAY: { description: "Within a day." },
    LONGER: { description: "After more than a day." },
  },
});

@ObjectType("Reliability", { description: "A user's record in deals: kept as counters, so reading it costs one row." })
export class ReliabilityObject implements ReliabilityView {
  @Field(() => Int, { description: "Orders completed, as buyer or seller." })
  completedDeals: number;

  @Field(() => Int, { description: "Upheld no-show reports: not contested within 48 hours, or upheld by an admin." })
  noShows: number;

  @Field(() => Int, { description: "Orders the user cancelled or rejected after an accepted offer or a confirmed meetup." })
  cancellations: number;

  @Field(() => Int, { nullable: true, description: "Percent of the conversations others opened that the user answered; null before any." })
  responseRate: number | null;

  @Field(() => TypicalReply, { nullable: true, description: "How soon the user usually answers; null before any answer." })
  typicalReply: TypicalReply | null;

  @Field(() => Float, {
    nullable: true,
    description: "Average stars sellers gave the user as a buyer (revealed reviews only); null before any.",
  })
  buyerRating: number | null;

  @Field(() => Int, { description: "Revealed reviews sellers wrote of the user as a buyer." })
  buyerReviewCount: number;
}

@ObjectType("NoShowReport", { description: "One party's report that the other did not come to the meetup; at most one per order." })
export class NoShowReportObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => NoShowStatus, { description: "Where the report stands." })
  status: NoShowStatus;

  @Field(() => Boolean, { description: "The caller made the report (false: it is about the caller, or the caller is an admin)." })
  byCaller: boolean;

  @Field(() => Date, { description: "The end of the time to contest it." })
  contestBy: Date;

  @Field(() => String, { nullable: true, description: "Why the accused says the report is wrong." })
  contestReason: string | null;

  @Field(() => Date, { description: "When it was reported." })
  createdAt: Date;
}

@ObjectType("ContestedNoShow", { description: "A no-show report its accused contested, waiting for an admin to uphold or drop it." })
export class ContestedNoShowObject {
  @Field(() => ID, { description: "The order reported (what `decideNoShow` takes)." })
  orderId: string;

  @Field(() => String, { description: "The order's number, as UB-000123." })
  orderNumber: string;

  @Field(() => Date, { nullable: true, description: "When the meetup was agreed for." })
  meetupAt: Date | null;

  @Field(() => String, { description: "Why the accused says the report is wrong." })
  contestReason: string;

  @Field(() => Date, { description: "When the no-show was reported." })
  reportedAt: Date;

  @Field(() => String, { nullable: true, description: "Who reported it; null when their account was deleted." })
  reporterName: string | null;

  @Field(() => String, { nullable: true, description: "Who is said not to have come; null when their account was deleted." })
  accusedName: string | null;
}

@ObjectType({ description: "A page of contested no-shows, the oldest report first." })
export class ContestedNoShowPage extends PageOf(ContestedNoShowObject, {
  items: "The contested no-shows on this page.",
  totalItems: "Contested no-shows waiting for a decision, over all pages.",
}) {}
