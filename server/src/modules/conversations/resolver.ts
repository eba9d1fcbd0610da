import { filter, pipe } from "@graphql-yoga/subscription";
import { Arg, Ctx, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { assertRole, Role, type AuthUser } from "../../platform/auth/roles";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import type { Page } from "../../platform/shared/pagination";
import { Product, visibleTo } from "../products";
import type { User } from "../users";
import type { OfferView } from "./offers";
import { MESSAGE_EVENT, OFFER_EVENT, type ConversationView, type MessageEvent, type MessageView, type OfferEvent } from "./service";
import { ConversationObject, ConversationPage, ConversationParty, MessageObject, MessagePage, OfferObject, OfferPage } from "./types";

const paging = (page: number | null, pageSize: number | null) => ({ page: page ?? undefined, pageSize: pageSize ?? undefined });

@Resolver(() => ConversationObject)
export class ConversationsResolver {
  @Allow()
  @Query(() => ConversationPage, {
    description: "The caller's conversations, as buyer and as seller of the products asked about; latest activity first.",
  })
  conversations(
    @Arg("archived", () => Boolean, { nullable: true, defaultValue: false, description: "true: the archived ones instead." })
    archived: boolean | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Conversations per page, 1 to 50." })
    pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<ConversationView>> {
    return ctx.services.conversations.list(caller, { ...paging(page, pageSize), archived: archived ?? false });
  }

  @Allow()
  @Query(() => ConversationObject, { description: "One conversation: for its two parties, and for admins once it was reported." })
  conversation(
    @Arg("id", () => ID, { description: "Conversation id." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ConversationView> {
    return ctx.services.conversations.get(id, caller);
  }

  @Allow()
  @Query(() => MessagePage, { description: "A page of a conversation's messages, newest first; same access as `conversation`." })
  messages(
    @Arg("conversationId", () => ID, { description: "Conversation id." }) conversationId: string,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1 (the newest)." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 30, description: "Messages per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<MessageView>> {
    return ctx.services.conversations.messages(conversationId, caller, paging(page, pageSize));
  }

  @Allow()
  @Query(() => Int, { description: "Messages the caller has not read, over all their conversations." })
  unreadMessageCount(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.conversations.unreadCount(caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => ConversationPage, { description: "Conversations reported by a party, latest report first." })
  reportedConversations(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Conversations per page, 1 to 50." })
    pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<ConversationView>> {
    return ctx.services.conversations.reported(caller, paging(page, pageSize));
  }

  @Allow()
  @Mutation(() => ConversationObject, {
    description:
      "Opens the caller's conversation with the seller of a listed product, or returns the one they already have. With `buyerId`, the product's seller opens it with a buyer who ordered the product from them.",
  })
  startConversation(
    @Arg("productId", () => ID, { description: "The product asked about." }) productId: string,
    @Arg("buyerId", () => ID, { nullable: true, description: "For sellers: the buyer (who ordered this product from them) to message." })
    buyerId: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ConversationView> {
    return ctx.services.conversations.start(productId, caller, buyerId);
  }

  @Allow()
  @Mutation(() => MessageObject, {
    description:
      "Sends a plain-text message (up to 2000 characters), a photo uploaded here (uploadImage), or both, to the other party. Refused when either blocked the other.",
  })
  sendMessage(
    @Arg("conversationId", () => ID, { description: "Conversation id." }) conversationId: string,
    @Arg("body", () => String, { nullable: true, description: "The text (may be left out when a photo is sent)." }) body: string | null,
    @Arg("image", () => String, { nullable: true, description: "The address uploadImage answered for the photo." }) image: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<MessageView> {
    return ctx.services.conversations.send({ conversationId, body, image }, caller);
  }

  @Allow()
  @Mutation(() => ConversationObject, { description: "Marks every message of the conversation as read by the caller." })
  markConversationRead(
    @Arg("conversationId", () => ID, { description: "Conversation id." }) conversationId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ConversationView> {
    return ctx.services.conversations.markRead(conversationId, caller);
  }

  @Allow()
  @Mutation(() => ConversationObject, {
    description: "Archives the conversation for the caller (or brings it back with `archived: false`).",
  })
  archiveConversation(
    @Arg("conversationId", () => ID, { description: "Conversation id." }) conversationId: string,
    @Arg("archived", () => Boolean, { nullable: true, defaultValue: true, description: "false: back into the inbox." })
    archived: boolean | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ConversationView> {
    return ctx.services.conversations.archive(conversationId, archived ?? true, caller);
  }

  @Allow()
  @Mutation(() => ConversationObject, { description: "Reports the conversation to the admins, who can then read its messages." })
  reportConversation(
    @Arg("conversationId", () => ID, { description: "Conversation id." }) conversationId: string,
    @Arg("reason", () => String, { description: "What is wrong, 1 to 500 characters." }) reason: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ConversationView> {
    return ctx.services.conversations.report({ conversationId, reason }, caller);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Stops all messages between the caller and this user, both ways, until unblocked." })
  blockUser(
    @Arg("userId", () => ID, { description: "The user to block." }) userId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.conversations.blocking.block(userId, caller);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Lifts the caller's block on this user." })
  unblockUser(
    @Arg("userId", () => ID, { description: "The user to unblock." }) userId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.conversations.blocking.unblock(userId, caller);
  }

  @Allow()
  @Subscription(() => MessageObject, {
    description:
      "Every new message in the caller's conversations, as it is sent (by either party). Over WebSocket (graphql-ws) at /graphql.",
    subscribe: ({ context }) => {
      const user = assertRole((context as Context).user, []);
      return pipe(
        (context as Context).services.live.subscribe("user", user.id),
        filter((event): event is MessageEvent => event.type === MESSAGE_EVENT),
      );
    },
  })
  messageReceived(@Root() event: MessageEvent): MessageView {
    return { ...event.message, createdAt: new Date(event.message.createdAt) };
  }

  @Allow()
  @Query(() => OfferObject, {
    nullable: true,
    description: "The caller's accepted offer on this product that their checkout would charge now (one unit at its amount), or null.",
  })
  myAcceptedOffer(
    @Arg("productId", () => ID, { description: "The product's id." }) productId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OfferView | null> {
    return ctx.services.conversations.negotiation.acceptedOffer(productId, caller);
  }

  @Allow()
  @Query(() => OfferPage, { description: "A page of a conversation's offers, newest first; same access as `conversation`." })
  offers(
    @Arg("conversationId", () => ID, { description: "Conversation id." }) conversationId: string,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1 (the newest)." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 30, description: "Offers per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<OfferView>> {
    return ctx.services.conversations.negotiation.offers(conversationId, caller, paging(page, pageSize));
  }

  @Allow()
  @Mutation(() => OfferObject, {
    description:
      "The buyer offers a price for the conversation's product (at most its price), open for expiresInHours. One pending offer per conversation.",
  })
  makeOffer(
    @Arg("conversationId", () => ID, { description: "Conversation id (the caller must be its buyer)." }) conversationId: string,
    @Arg("amount", () => Float, { description: "The price offered for one unit, in PKR (at most 2 decimals)." }) amount: number,
    @Arg("expiresInHours", () => Int, { nullable: true, defaultValue: 24, description: "How long it stays open: 1 to 168 hours." })
    expiresInHours: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OfferView> {
    return ctx.services.conversations.negotiation.makeOffer({ conversationId, amount, expiresInHours }, caller);
  }

  @Allow()
  @Mutation(() => OfferObject, {
    description:
      "Accepts a pending offer made by the other party: one unit is reserved for the buyer (at most 3 reservations per buyer), and the buyer's checkout charges the offer for it, once, until the reservation lapses.",
  })
  acceptOffer(
    @Arg("offerId", () => ID, { description: "The pending offer." }) offerId: string,
    @Arg("reserveHours", () => Int, {
      nullable: true,
      description: "How long the unit is held for the buyer, 2 to 72 hours (24 when not given); only the seller chooses.",
    })
    reserveHours: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OfferView> {
    return ctx.services.conversations.negotiation.acceptOffer(offerId, caller, reserveHours);
  }

  @Allow()
  @Mutation(() => OfferObject, { description: "Declines a pending offer made by the other party." })
  declineOffer(
    @Arg("offerId", () => ID, { description: "The pending offer." }) offerId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OfferView> {
    return ctx.services.conversations.negotiation.declineOffer(offerId, caller);
  }

  @Allow()
  @Mutation(() => OfferObject, {
    description:
      "Answers a pending offer of the other party with another amount: the old one becomes COUNTERED; returns the new, pending offer.",
  })
  counterOffer(
    @Arg("offerId", () => ID, { description: "The pending offer being answered." }) offerId: string,
    @Arg("amount", () => Float, { description: "The price proposed instead, in PKR." }) amount: number,
    @Arg("expiresInHours", () => Int, { nullable: true, defaultValue: 24, description: "How long it stays open: 1 to 168 hours." })
    expiresInHours: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OfferView> {
    return ctx.services.conversations.negotiation.counterOffer({ offerId, amount, expiresInHours }, caller);
  }

  @Allow()
  @Mutation(() => OfferObject, { description: "Withdraws a pending offer the caller made." })
  withdrawOffer(
    @Arg("offerId", () => ID, { description: "The caller's pending offer." }) offerId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OfferView> {
    return ctx.services.conversations.negotiation.withdrawOffer(offerId, caller);
  }

  @Allow()
  @Subscription(() => OfferObject, {
    description: "Every offer made or changed in the caller's conversations (made, accepted, declined, countered, withdrawn, used).",
    subscribe: ({ context }) => {
      const user = assertRole((context as Context).user, []);
      return pipe(
        (context as Context).services.live.subscribe("user", user.id),
        filter((event): event is OfferEvent => event.type === OFFER_EVENT),
      );
    },
  })
  offerChanged(@Root() event: OfferEvent): OfferView {
    const { offer } = event;
    return {
      ...offer,
      expiresAt: new Date(offer.expiresAt),
      createdAt: new Date(offer.createdAt),
      respondedAt: offer.respondedAt ? new Date(offer.respondedAt) : null,
    };
  }

  @FieldResolver(() => Product, {
    nullable: true,
    description:
      "The product talked about (price on its card); null for a wanted post's conversation, once delisted, or while hidden (except to its seller and admins).",
  })
  async product(@Root() conversation: ConversationView, @Ctx() ctx: Context): Promise<Product | null> {
    return conversation.productId ? visibleTo(await ctx.loaders.productById.load(conversation.productId), ctx.user) : null;
  }

  @FieldResolver(() => ConversationParty, { nullable: true, description: "The buyer who asked." })
  buyer(@Root() conversation: ConversationView, @Ctx() ctx: Context): Promise<User | null> {
    return ctx.loaders.userById.load(conversation.buyerId);
  }

  @FieldResolver(() => ConversationParty, { nullable: true, description: "The product's seller." })
  seller(@Root() conversation: ConversationView, @Ctx() ctx: Context): Promise<User | null> {
    return ctx.loaders.userById.load(conversation.sellerId);
  }
}

@Resolver(() => MessageObject)
export class MessageFieldsResolver {
  @FieldResolver(() => String, { nullable: true })
  image(@Root() message: MessageView, @Ctx() ctx: Context): string | null {
    return absoluteImageUrl(message.image, ctx.publicBase);
  }

  @FieldResolver(() => Boolean, {
    description:
      "For its sender: the phone number in it is hidden from the other party, until the two have an order together (the sender sees it whole). False for anyone else's message.",
  })
  numberHidden(@Root() message: MessageView, @Ctx() ctx: Context): Promise<boolean> | boolean {
    if (!ctx.user || message.senderId !== ctx.user.id || !message.flags.includes("phone")) return false;
    // asked once per conversation in a request, however many of the sender's messages carry a number
    let asked = phonesHiddenAsked.get(ctx);
    if (!asked) phonesHiddenAsked.set(ctx, (asked = new Map()));
    let hidden = asked.get(message.conversationId);
    if (!hidden) asked.set(message.conversationId, (hidden = ctx.services.screening.hidesPhonesOf(ctx.user.id, message.conversationId)));
    return hidden;
  }
}

/** Per request: whether the caller's numbers are hidden in each conversation asked about. */
const phonesHiddenAsked = new WeakMap<Context, Map<string, Promise<boolean>>>();
