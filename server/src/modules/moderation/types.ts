import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Product } from "../products";
import { User } from "../users";
import { KeepHiddenReason, ModerationActionKind, ReportReason, ReportStatus, ReportTargetKind } from "./entity";
import { PageOf } from "../../platform/graphql/page";

@ObjectType("Report", { description: "A report of a listing or a user." })
export class ReportObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ReportTargetKind, { description: "What is reported." })
  targetKind: ReportTargetKind;

  @Field(() => ID, { description: "The reported listing's or user's id." })
  targetId: string;

  @Field(() => ReportReason, { description: "Why, from the fixed list." })
  reason: ReportReason;

  @Field(() => String, { nullable: true, description: "What the reporter added (at most 500 characters)." })
  details: string | null;

  @Field(() => ReportStatus, { description: "Open, actioned or dismissed." })
  status: ReportStatus;

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "The reporter's username; null when their account was deleted." })
  reporterName: string | null;
}

@ObjectType({ description: "A chat message screening flagged, shown to admins without the rest of its conversation." })
export class FlaggedMessage {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { description: "Its conversation (readable by admins only once a party reports it)." })
  conversationId: string;

  @Field(() => String, { description: "The text as sent." })
  body: string;

  @Field(() => [String], { description: "What screening found (phone, messaging_app, wallet_or_account, ...)." })
  flags: string[];

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;
}

@ObjectType({ description: "An account whose chat messages screening often flags." })
export class FlaggedAccount {
  @Field(() => User, { description: "The account." })
  user: User;

  @Field(() => Int, { description: "Its flagged messages over the last 30 days." })
  flaggedMessageCount: number;

  @Field(() => Int, { description: "Open reports about the account." })
  openReportCount: number;

  @Field(() => [FlaggedMessage], { description: "Its latest flagged messages (at most 5), newest first." })
  messages: FlaggedMessage[];
}

@ObjectType({ description: "One reported listing or user with its open reports: a row of the moderation queue." })
export class ModerationCase {
  @Field(() => ReportTargetKind, { description: "What is reported." })
  targetKind: ReportTargetKind;

  @Field(() => ID, { description: "The listing's or user's id (what `moderate` takes)." })
  targetId: string;

  @Field(() => Int, { description: "Open reports about it." })
  reportCount: number;

  @Field(() => Date, { description: "When the oldest open report was sent (the queue's order)." })
  firstReportedAt: Date;

  @Field(() => [ReportObject], { description: "The open reports, oldest first." })
  reports: ReportObject[];

  @Field(() => Int, {
    description: "Flagged chat messages of the user (a listing's seller) over the last 30 days: 3 or more put the case first.",
  })
  flaggedMessageCount: number;

  @Field(() => [FlaggedMessage], { description: "The user's latest flagged chat messages (at most 5), newest first." })
  flaggedMessages: FlaggedMessage[];

  @Field(() => Product, { nullable: true, description: "The reported listing (also when hidden or deleted); null for a user." })
  listing: Product | null;

  @Field(() => User, { nullable: true, description: "The reported user, or the reported listing's seller." })
  user: User | null;
}

@ObjectType({ description: "An admin action in the audit trail." })
export class ModerationLogEntry {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ModerationActionKind, { description: "What was done." })
  action: ModerationActionKind;

  @Field(() => ReportTargetKind, { description: "What it was done to (user actions on a listing name its seller)." })
  targetKind: ReportTargetKind;

  @Field(() => ID, { description: "The listing's or user's id." })
  targetId: string;

  @Field(() => String, { nullable: true, description: "The listing's name or the user's username; null when gone." })
  targetLabel: string | null;

  @Field(() => String, { nullable: true, description: "The admin's username; null when their account was deleted." })
  adminName: string | null;

  @Field(() => String, { nullable: true, description: "The admin's note (a warning's text, a suspension's reason)." })
  note: string | null;

  @Field(() => Date, { description: "When." })
  createdAt: Date;
}

@ObjectType({ description: "A moderator's warning to the caller." })
export class Warning {
  @Field(() => String, { description: "What the moderator wrote." })
  note: string;

  @Field(() => Date, { description: "When." })
  createdAt: Date;
}

@InputType({ description: "An admin action on a reported (or any) listing or user." })
export class ModerateInput {
  @Field(() => ReportTargetKind, { description: "LISTING or USER." })
  targetKind: ReportTargetKind;

  @Field(() => ID, { description: "The listing's or user's id." })
  targetId: string;

  @Field(() => ModerationActionKind, { description: "What to do; user actions on a listing apply to its seller." })
  action: ModerationActionKind;

  @Field(() => String, {
    nullable: true,
    description: "Up to 500 characters: required for WARN_USER (shown to the user) and SUSPEND_USER (the reason).",
  })
  note?: string | null;
}

@ObjectType({ description: "A page of the moderation queue, oldest report first." })
export class ModerationCasePage extends PageOf(ModerationCase, {
  items: "The cases on this page.",
  totalItems: "Reported listings and users matching, over all pages.",
}) {}

@ObjectType({ description: "A page of flagged accounts, most flagged and reported first." })
export class FlaggedAccountPage extends PageOf(FlaggedAccount, {
  items: "The accounts on this page.",
  totalItems: "Flagged accounts, over all pages.",
}) {}

@ObjectType({
  description: "A listing held for a copied photo beside the listing its photo matches, for an admin to compare (admins only).",
})
export class HeldListingCase {
  @Field(() => Product, { description: "The held listing (hidden; its seller and reason as `heldReason`)." })
  listing: Product;

  @Field(() => String, { description: "Which of its photos matches (absolute URL)." })
  photo: string;

  @Field(() => Product, {
    nullable: true,
    description: "The other seller's listing whose photo it matches (the oldest such one: the original); null once that is deleted.",
  })
  original: Product | null;
}

@InputType({ description: "An admin's decision on a listing held for a copied photo." })
export class DecideHeldListingInput {
  @Field(() => ID, { description: "The held listing." })
  productId: string;

  @Field(() => Boolean, { description: "True: released, in the shop again. False: kept hidden, for `reason`." })
  release: boolean;

  @Field(() => KeepHiddenReason, { nullable: true, description: "Why it stays hidden (required when not released); the seller is told." })
  reason?: KeepHiddenReason | null;

  @Field(() => String, { nullable: true, description: "The reason in the admin's words, up to 500 characters (required for OTHER)." })
  note?: string | null;
}

@ObjectType({ description: "A page of listings held for review, oldest first." })
export class HeldListingPage extends PageOf(HeldListingCase, {
  items: "The held listings on this page.",
  totalItems: "Held listings, over all pages.",
}) {}

@ObjectType({ description: "A page of the moderation audit trail, newest first." })
export class ModerationLogPage extends PageOf(ModerationLogEntry, {
  items: "The actions on this page.",
  totalItems: "Actions matching, over all pages.",
}) {}
