/**
 * The conversations module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { Conversation, Offer, OfferStatus } from "./entity";
export { markOffersUsed, usableOffers } from "./offers";
export { type ConversationsService, type ConversationView } from "./service";
export { ConversationObject, ConversationParty, OfferObject } from "./types";
