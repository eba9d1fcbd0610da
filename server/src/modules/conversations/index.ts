/**
 * The conversations module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { Conversation, Offer, OfferStatus, Message, UserBlock } from "./entity";
export { expireAcceptedOffer, markOffersUsed, usableOffers, toOfferView } from "./offers";
export { closeConversationReport } from "./reports";
export { ConversationsService, type ConversationView, MESSAGE_EVENT, OFFER_EVENT, type MessageEvent, type OfferEvent } from "./service";
export { ConversationObject, ConversationParty, OfferObject } from "./types";
export { ConversationsResolver, MessageFieldsResolver } from "./resolver";
