import type { Offer } from "./entity";
import type { MessageView } from "./service";

declare module "../../platform/events" {
  interface DomainEvents {
    /** A message was sent in the conversation between `parties` (buyer and seller). */
    "message.sent": { message: MessageView; parties: string[] };
    /** An offer was made or changed state (answered, withdrawn, used by a checkout). */
    "offer.changed": { offer: Offer };
  }
}
