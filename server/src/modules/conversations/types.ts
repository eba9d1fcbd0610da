import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";
import { Role } from "../../platform/auth/roles";
import { Allow } from "../../platform/graphql/auth";
import { SCREEN_FLAGS } from "../screening";
import { OfferStatus } from "./entity";
import type { OfferView } from "./offers";
import type { ConversationView, MessageView } from "./service";
import { PageOf } from "../../platform/graphql/page";

registerEnumType(OfferStatus, {
  name: "OfferStatus",
  description: "Where an offer is: PENDING until answered, withdrawn or expired; an ACCEPTED one becomes USED by a checkout.",
  valuesConfig: {
    PENDING: { description: "Waiting for the other party's answer." },
    ACCEPTED: { description: "Accepted: one unit of the product costs this amount for the buyer, once, until it expires." },
    DECLINED: { description: "Turned down by the other party." },
    COUNTERED: { description: "Answered with another amount (a newer, pending offer)." },
    EXPIRED: { description: "Its expiry passed while pending, or while accepted and unused." },
    WITHDRAWN: { description: "Taken back by the party who made it." },
    USED: { description: "Charged by an order." },
  },
});

@ObjectType({ description: "A party of a conversation: public fields only." })
export class ConversationParty {
  @Field(() => ID, { description: "The user's id (what blockUser takes)." })
  id: string;

  @Field(() => String, { description: "Public name." })
  username: string;

  @Field(() => String, { nullable: true, description: "Store name of a business seller." })
  storeName: string | null;
}

@ObjectType("Conversation", {
  description:
    "A buyer and the seller of one product talking (one per buyer and product), or a seller answering a buyer's wanted post (one per post and seller). Fields marked 'for the caller' differ per party.",
})
export class ConversationObject implements Omit<ConversationView, "productId" | "buyerId" | "sellerId"> {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, {
    nullable: true,
    description: "The wanted post a seller answered (its author is the buyer); null when about a product.",
  })
  wantedPostId: string | null;

  @Field(() => Date, { description: "When the latest message was sent (when the conversation was opened, before any)." })
  lastMessageAt: Date;

  @Field(() => String, { nullable: true, description: "The latest message, as plain text; null before the first." })
  lastMessage: string | null;

  @Field(() => Int, { description: "Messages from the other party the caller has not read (for the caller)." })
  unreadCount: number;

  @Field(() => Boolean, { description: "Whether the caller archived it (for the caller); a new message brings it back." })
  archived: boolean;

  @Field(() => Date, {
    nullable: true,
    description: "The other party has read every message sent up to this time (read receipts; for the caller).",
  })
  otherPartyReadAt: Date | null;

  @Field(() => Boolean, { description: "Either party blocked the other: no messages can be sent." })
  blocked: boolean;

  @Field(() => Date, { nullable: true, description: "When a party reported it to the admins; null if never." })
  reportedAt: Date | null;

  @Allow(Role.ADMIN)
  @Field(() => ID, { nullable: true, description: "Which party reported it (the buyer's or the seller's id); null if never." })
  reportedById: string | null;

  @Allow(Role.ADMIN)
  @Field(() => String, { nullable: true, description: "What the reporting party said is wrong." })
  reportReason: string | null;

  @Field(() => Date, { description: "When it was opened." })
  createdAt: Date;
}

@ObjectType("Message", { description: "A plain-text message; clients show it as text, never as HTML." })
export class MessageObject implements MessageView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { description: "The conversation it belongs to." })
  conversationId: string;

  @Field(() => ID, { description: "Who sent it (a party of the conversation)." })
  senderId: string;

  @Field(() => String, { description: "The text, up to 2000 characters; empty for a photo sent alone." })
  body: string;

  @Field(() => String, { nullable: true, description: "The photo sent with the message (an absolute URL), if any." })
  image: string | null;

  @Field(() => [String], {
    description: `Why it carries a safety card, from screening when sent: ${SCREEN_FLAGS.join(", ")}. Empty for most messages.`,
  })
  flags: string[];

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;

  @Field(() => Boolean, { description: "The recipient has read it (read receipt)." })
  read: boolean;
}

@ObjectType({ description: "A page of conversations, latest activity first." })
export class ConversationPage extends PageOf<ConversationView>(ConversationObject, {
  items: "The conversations on this page.",
  totalItems: "Conversations matching, over all pages.",
}) {}

@ObjectType({ description: "A page of messages, newest first (page 2 holds older ones)." })
export class MessagePage extends PageOf<MessageView>(MessageObject, {
  items: "The messages on this page, newest first.",
  totalItems: "Messages in the conversation.",
}) {}

@ObjectType("Offer", { description: "A price proposed in a conversation: by the buyer, or by either party as a counter-offer." })
export class OfferObject implements OfferView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { description: "The conversation it was made in." })
  conversationId: string;

  @Field(() => ID, { description: "The product it prices." })
  productId: string;

  @Field(() => ID, { description: "The conversation's buyer (who gets the price)." })
  buyerId: string;

  @Field(() => ID, { description: "The product's seller." })
  sellerId: string;

  @Field(() => ID, { description: "Who proposed this amount; the other party answers it." })
  madeById: string;

  @MoneyField({ name: "amount", description: "The proposed price of one unit, in PKR." })
  amountPaisa: number;

  @Field(() => OfferStatus, { description: "Its state now (a pending or accepted offer past expiresAt reads as EXPIRED)." })
  status: OfferStatus;

  @Field(() => Date, { description: "Until when it can be accepted, and an accepted one used at checkout." })
  expiresAt: Date;

  @Field(() => Date, { nullable: true, description: "When it was answered, withdrawn or used; null while pending." })
  respondedAt: Date | null;

  @Field(() => Date, { description: "When it was made." })
  createdAt: Date;
}

@ObjectType({ description: "A page of a conversation's offers, newest first." })
export class OfferPage extends PageOf<OfferView>(OfferObject, {
  items: "The offers on this page, newest first.",
  totalItems: "Offers in the conversation.",
}) {}
