import type { Offer } from "./entity";
import type { MessageView } from "./service";

declare module "../../platform/events" {
  interface DomainEvents {
    /** A message was sent; `recipientMessage` is the copy the recipient may see (phone numbers masked until the two have an order). */
    "message.sent": { message: MessageView; senderId: string; recipientId: string; recipientMessage: MessageView };
    /** An offer was made or changed state (answered, withdrawn, used by a checkout). */
    "offer.changed": { offer: Offer };
  }
}
