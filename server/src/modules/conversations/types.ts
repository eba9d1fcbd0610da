import { Field, ID, Int, ObjectType } from "type-graphql";
import { Role } from "../../platform/auth/roles";
import { Allow } from "../../platform/graphql/auth";
import type { ConversationView, MessageView } from "./service";

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
  description: "A buyer and the seller of one product talking; one per buyer and product. Fields marked 'for the caller' differ per party.",
})
export class ConversationObject implements Omit<ConversationView, "productId" | "buyerId" | "sellerId"> {
  @Field(() => ID, { description: "Unique id." })
  id: string;

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

  @Field(() => String, { description: "The text, 1 to 2000 characters." })
  body: string;

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;

  @Field(() => Boolean, { description: "The recipient has read it (read receipt)." })
  read: boolean;
}

@ObjectType({ description: "A page of conversations, latest activity first." })
export class ConversationPage {
  @Field(() => [ConversationObject], { description: "The conversations on this page." })
  items: ConversationView[];

  @Field(() => Int, { description: "Conversations matching, over all pages." })
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

@ObjectType({ description: "A page of messages, newest first (page 2 holds older ones)." })
export class MessagePage {
  @Field(() => [MessageObject], { description: "The messages on this page, newest first." })
  items: MessageView[];

  @Field(() => Int, { description: "Messages in the conversation." })
  totalItems: number;

  @Field(() => Int, { description: "Number of pages (0 when there are none)." })
  totalPages: number;

  @Field(() => Int, { description: "This page's number, from 1." })
  page: number;

  @Field(() => Int, { description: "Items per page." })
  pageSize: number;

  @Field(() => Boolean, { description: "There are older messages on a next page." })
  hasNextPage: boolean;
}
