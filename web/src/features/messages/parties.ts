import type { ConversationFieldsFragment } from "../../generated/graphql";

type Party = ConversationFieldsFragment["buyer"];

/** The other party's shop or user name; `formerUser` (already translated) names a deleted account. */
export const partyName = (party: Party, formerUser: string) => (party ? party.storeName || party.username : formerUser);

/** The other side of a conversation for the signed-in user. */
export const otherParty = (conversation: ConversationFieldsFragment, myId: string | undefined) =>
  conversation.buyer?.id === myId ? conversation.seller : conversation.buyer;
