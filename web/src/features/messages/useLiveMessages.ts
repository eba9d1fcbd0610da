import type { MessageFieldsFragment, OfferFieldsFragment } from "../../generated/graphql";
import { MessageReceivedDocument, OfferChangedDocument } from "../../generated/graphql";
import { useLiveEvents } from "../../lib/live";

/**
 * Calls `onMessage` for every message and `onOffer` (when given) for every offer change that
 * arrives over the socket. Returns the polling interval a page should use: 0 while the socket
 * works, the fallback interval once either subscription failed.
 */
export function useLiveMessages(
  onMessage: (message: MessageFieldsFragment) => void,
  onOffer?: (offer: OfferFieldsFragment) => void,
): number {
  const messagesPoll = useLiveEvents(MessageReceivedDocument, (data) => onMessage(data.messageReceived));
  const offersPoll = useLiveEvents(OfferChangedDocument, (data) => onOffer?.(data.offerChanged), !onOffer);
  return Math.max(messagesPoll, offersPoll);
}
