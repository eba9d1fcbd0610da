import type { Language } from "../../platform/i18n";
import type { NotificationEvent } from "./service";

declare module "../../platform/events" {
  interface DomainEvents {
    /** A notification was written for `recipientId`, who reads `language`; `live` is what their open subscriptions hear. */
    "notification.created": { recipientId: string; language: Language; live: NotificationEvent };
  }
}
