import { ReliabilityLine } from "../../domain/reliability/ReliabilityLine";
import { useConversationRecordsQuery } from "../../generated/hooks";

/**
 * The chat header's line about the other party: their record in deals; a seller talking to a buyer
 * also sees the buyer's rating from other sellers (where they decide on an offer).
 */
export function PartyReliability({ conversationId, myId }: { conversationId: string; myId?: string }) {
  const { data } = useConversationRecordsQuery({ variables: { id: conversationId }, fetchPolicy: "cache-and-network" });
  const conversation = data?.conversation;
  if (!conversation) return null;
  const iAmSeller = conversation.seller?.id === myId;
  const other = iAmSeller ? conversation.buyer : conversation.seller;
  return other ? <ReliabilityLine reliability={other.reliability} asBuyer={iAmSeller} variant="caption" /> : null;
}
