import type { ConversationFieldsFragment } from "../../generated/graphql";

type Party = ConversationFieldsFragment["buyer"];

export const partyName = (party: Party) => (party ? party.storeName || party.username : "Former user");

/** The other side of a conversation for the signed-in user. */
export const otherParty = (conversation: ConversationFieldsFragment, myId: string | undefined) =>
  conversation.buyer?.id === myId ? conversation.seller : conversation.buyer;
